// The x402 batch-settlement escrow contract, emulated on the local ledger (decisions.md §11): the
// library's batch-settlement facilitator reads and writes it through the local chain signer exactly
// as it would the deployed contract. Deposits pull the payer's test USDC with a real ERC-3009
// ReceiveWithAuthorization signature; claims check every voucher's signature and the receiver
// authorizer's batch signature; settle moves claimed funds to the receiver; refunds return the
// unclaimed rest to the payer. Each call is one transaction under row locks, so two instances never
// claim or refund the same funds twice; a simulation (eth_call) runs the same code and rolls back.
import { randomUUID } from "node:crypto";
import {
  BATCH_SETTLEMENT_ADDRESS,
  BATCH_SETTLEMENT_DOMAIN,
  ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
  claimBatchTypes,
  refundTypes,
  voucherTypes,
} from "@x402/evm";
import { computeChannelId } from "@x402/evm/batch-settlement/client";
import {
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  keccak256,
  recoverTypedDataAddress,
  stringToHex,
  verifyTypedData,
  zeroAddress,
  type Hex,
} from "viem";
import { db } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import type { DbClient } from "../../transaction";
import { X402_ASSET, X402_ASSET_DOMAIN, X402_CHAIN_ID, X402_NETWORK } from "../payment-network";
import { escrowAbi, receiveAuthorizationTypes } from "./escrow-abi";

export const ESCROW_ADDRESS = BATCH_SETTLEMENT_ADDRESS.toLowerCase();
const ASSET = X402_ASSET.toLowerCase();
const DOMAIN = { ...BATCH_SETTLEMENT_DOMAIN, chainId: X402_CHAIN_ID, verifyingContract: getAddress(ESCROW_ADDRESS) };
const lower = (a: string) => a.toLowerCase();

interface ChannelConfig {
  payer: Hex;
  payerAuthorizer: Hex;
  receiver: Hex;
  receiverAuthorizer: Hex;
  token: Hex;
  withdrawDelay: number;
  salt: Hex;
}
interface VoucherClaim {
  voucher: { channel: ChannelConfig; maxClaimableAmount: bigint };
  signature: Hex;
  totalClaimed: bigint;
}
interface ChannelRow {
  balance: string;
  claimed: string;
  nonce: string;
  withdraw: string;
}

const channelIdOf = (config: ChannelConfig) => lower(computeChannelId(config, X402_CHAIN_ID));

async function channelRow(tx: DbClient, channelId: string, lock = false): Promise<ChannelRow | undefined> {
  const [row] = await tx.$queryRaw<ChannelRow[]>(Prisma.sql`
    SELECT balance_atomic::text AS balance, total_claimed_atomic::text AS claimed, refund_nonce::text AS nonce,
           withdraw_requested_at::text AS withdraw
    FROM local_escrow_channels WHERE channel_id = ${lower(channelId)} ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`);
  return row;
}

// The token side of a move: the escrow holds deposited funds as a ledger balance of its own address.
async function moveTokens(tx: DbClient, from: string, to: string, amount: bigint): Promise<void> {
  const debited = await tx.$executeRaw(Prisma.sql`
    UPDATE local_balances SET balance_atomic = balance_atomic - ${amount}, updated_at = now()
    WHERE address = ${lower(from)} AND balance_atomic >= ${amount}`);
  if (debited !== 1) throw new Error("ERC20: transfer amount exceeds balance");
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO local_balances (address, balance_atomic, updated_at) VALUES (${lower(to)}, ${amount}, now())
    ON CONFLICT (address) DO UPDATE SET balance_atomic = local_balances.balance_atomic + EXCLUDED.balance_atomic, updated_at = now()`);
}

async function record(tx: DbClient, kind: string, amount: bigint, subject: string): Promise<Hex> {
  const transaction = keccak256(stringToHex(`local-escrow:${kind}:${randomUUID()}`));
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO local_escrow_transactions ("transaction", kind, amount_atomic, subject)
    VALUES (${transaction}, ${kind}, ${amount}, ${subject})`);
  return transaction;
}

async function voucherSigned(config: ChannelConfig, channelId: string, max: bigint, signature: Hex): Promise<boolean> {
  const signer = lower(config.payerAuthorizer) === zeroAddress ? config.payer : config.payerAuthorizer;
  try {
    return await verifyTypedData({
      address: getAddress(signer),
      domain: DOMAIN,
      types: voucherTypes,
      primaryType: "Voucher",
      message: { channelId: channelId as Hex, maxClaimableAmount: max },
      signature,
    });
  } catch {
    return false;
  }
}

async function deposit(tx: DbClient, config: ChannelConfig, amount: bigint, collector: Hex, data: Hex): Promise<Hex> {
  if (lower(collector) !== lower(ERC3009_DEPOSIT_COLLECTOR_ADDRESS)) throw new Error("escrow: unsupported collector");
  if (lower(config.token) !== ASSET) throw new Error("escrow: unsupported token");
  if (amount <= 0n) throw new Error("escrow: zero deposit");
  const [validAfter, validBefore, salt, signature] = decodeAbiParameters(
    [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }],
    data,
  );
  const channelId = channelIdOf(config);
  const nonce = keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [channelId as Hex, salt]));
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (now <= validAfter) throw new Error("FiatTokenV2: authorization is not yet valid");
  if (now >= validBefore) throw new Error("FiatTokenV2: authorization is expired");
  const signed = await verifyTypedData({
    address: getAddress(config.payer),
    domain: { ...X402_ASSET_DOMAIN, chainId: X402_CHAIN_ID, verifyingContract: getAddress(X402_ASSET) },
    types: receiveAuthorizationTypes,
    primaryType: "ReceiveWithAuthorization",
    message: {
      from: getAddress(config.payer),
      to: getAddress(ERC3009_DEPOSIT_COLLECTOR_ADDRESS),
      value: amount,
      validAfter,
      validBefore,
      nonce,
    },
    signature: signature,
  }).catch(() => false);
  if (!signed) throw new Error("FiatTokenV2: invalid signature");
  const transaction = await record(tx, "deposit", amount, channelId);
  // The authorization's nonce row: unique per payer and token, so one authorization deposits once.
  const used = await tx.$executeRaw(Prisma.sql`
    INSERT INTO local_transfers ("transaction", network, asset, payer, pay_to, amount_atomic, nonce)
    VALUES (${transaction}, ${X402_NETWORK}, ${ASSET}, ${lower(config.payer)}, ${ESCROW_ADDRESS}, ${amount}, ${lower(nonce)})
    ON CONFLICT DO NOTHING`);
  if (used !== 1) throw new Error("FiatTokenV2: authorization is used or canceled");
  await moveTokens(tx, config.payer, ESCROW_ADDRESS, amount);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO local_escrow_channels (channel_id, payer, receiver, token, balance_atomic)
    VALUES (${channelId}, ${lower(config.payer)}, ${lower(config.receiver)}, ${ASSET}, ${amount})
    ON CONFLICT (channel_id) DO UPDATE SET balance_atomic = local_escrow_channels.balance_atomic + EXCLUDED.balance_atomic, updated_at = now()`);
  return transaction;
}

async function claimWithSignature(tx: DbClient, claims: readonly VoucherClaim[], signature: Hex): Promise<Hex> {
  if (claims.length === 0) throw new Error("escrow: no claims");
  const entries = claims.map((c) => ({
    channelId: channelIdOf(c.voucher.channel) as Hex,
    maxClaimableAmount: c.voucher.maxClaimableAmount,
    totalClaimed: c.totalClaimed,
  }));
  const authorizer = lower(
    await recoverTypedDataAddress({
      domain: DOMAIN,
      types: claimBatchTypes,
      primaryType: "ClaimBatch",
      message: { claims: entries },
      signature,
    }),
  );
  let total = 0n;
  // Locked in channel order: two batches over the same channels cannot deadlock.
  const order = claims.map((c, i) => ({ c, id: entries[i]!.channelId })).sort((a, b) => a.id.localeCompare(b.id));
  for (const { c, id } of order) {
    if (lower(c.voucher.channel.receiverAuthorizer) !== authorizer)
      throw new Error("escrow: invalid authorizer signature");
    if (lower(c.voucher.channel.token) !== ASSET) throw new Error("escrow: unsupported token");
    if (!(await voucherSigned(c.voucher.channel, id, c.voucher.maxClaimableAmount, c.signature)))
      throw new Error("escrow: invalid voucher signature");
    if (c.totalClaimed > c.voucher.maxClaimableAmount) throw new Error("escrow: claim exceeds voucher");
    const row = await channelRow(tx, id, true);
    if (!row) throw new Error("escrow: no channel");
    if (c.totalClaimed > BigInt(row.balance)) throw new Error("escrow: claim exceeds balance");
    const delta = c.totalClaimed - BigInt(row.claimed);
    // A claim that does not raise the channel's total was made already: refusing it keeps one claim per voucher.
    if (delta <= 0n) throw new Error("escrow: already claimed");
    total += delta;
    await tx.$executeRaw(Prisma.sql`
      UPDATE local_escrow_channels SET total_claimed_atomic = ${c.totalClaimed}, updated_at = now() WHERE channel_id = ${id}`);
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO local_escrow_receivers (receiver, token, total_claimed_atomic)
      VALUES (${lower(c.voucher.channel.receiver)}, ${ASSET}, ${delta})
      ON CONFLICT (receiver, token) DO UPDATE SET total_claimed_atomic = local_escrow_receivers.total_claimed_atomic + EXCLUDED.total_claimed_atomic`);
  }
  return record(tx, "claim", total, lower(claims[0]!.voucher.channel.receiver));
}

async function settle(tx: DbClient, receiver: Hex, token: Hex): Promise<Hex> {
  const [row] = await tx.$queryRaw<{ claimed: string; settled: string }[]>(Prisma.sql`
    SELECT total_claimed_atomic::text AS claimed, total_settled_atomic::text AS settled FROM local_escrow_receivers
    WHERE receiver = ${lower(receiver)} AND token = ${lower(token)} FOR UPDATE`);
  const amount = row ? BigInt(row.claimed) - BigInt(row.settled) : 0n;
  if (amount <= 0n) throw new Error("escrow: nothing to settle");
  await tx.$executeRaw(Prisma.sql`
    UPDATE local_escrow_receivers SET total_settled_atomic = total_claimed_atomic
    WHERE receiver = ${lower(receiver)} AND token = ${lower(token)}`);
  await moveTokens(tx, ESCROW_ADDRESS, receiver, amount);
  return record(tx, "settle", amount, lower(receiver));
}

async function refundWithSignature(
  tx: DbClient,
  config: ChannelConfig,
  amount: bigint,
  nonce: bigint,
  signature: Hex,
): Promise<Hex> {
  const channelId = channelIdOf(config);
  const signer = await recoverTypedDataAddress({
    domain: DOMAIN,
    types: refundTypes,
    primaryType: "Refund",
    message: { channelId: channelId as Hex, nonce, amount },
    signature,
  });
  if (lower(signer) !== lower(config.receiverAuthorizer)) throw new Error("escrow: invalid refund signature");
  const row = await channelRow(tx, channelId, true);
  if (!row) throw new Error("escrow: no channel");
  if (BigInt(row.nonce) !== nonce) throw new Error("escrow: refund nonce mismatch");
  const available = BigInt(row.balance) - BigInt(row.claimed);
  const refund = amount < available ? amount : available;
  if (refund <= 0n) throw new Error("escrow: nothing to refund");
  await tx.$executeRaw(Prisma.sql`
    UPDATE local_escrow_channels SET balance_atomic = balance_atomic - ${refund}, refund_nonce = refund_nonce + 1,
      withdraw_requested_at = 0, updated_at = now()
    WHERE channel_id = ${channelId}`);
  await moveTokens(tx, ESCROW_ADDRESS, config.payer, refund);
  return record(tx, "refund", refund, channelId);
}

type Call = { functionName: string; args: readonly unknown[] };

async function execute(tx: DbClient, { functionName, args }: Call): Promise<Hex> {
  // Decoded by viem from the ABI above: the shapes the functions take.
  const a = args as unknown as [never, never, never, never];
  switch (functionName) {
    case "deposit":
      return deposit(tx, a[0], a[1], a[2], a[3]);
    case "claimWithSignature":
      return claimWithSignature(tx, a[0], a[1]);
    case "settle":
      return settle(tx, a[0], a[1]);
    case "refundWithSignature":
      return refundWithSignature(tx, a[0], a[1], a[2], a[3]);
    case "multicall": {
      // The facilitator's claim-then-refund: both calls in the one transaction, or neither.
      let last: Hex | undefined;
      for (const data of args[0] as Hex[]) {
        const inner = decodeFunctionData({ abi: escrowAbi, data });
        last = await execute(tx, { functionName: inner.functionName, args: inner.args ?? [] });
      }
      if (!last) throw new Error("escrow: empty multicall");
      return last;
    }
    default:
      throw new Error(`local escrow: ${functionName} is not supported`);
  }
}

const WRITES = new Set(["deposit", "claimWithSignature", "settle", "refundWithSignature", "multicall"]);
const ROLLBACK = Symbol("simulation");

/** A contract read, or the simulation (eth_call) of a write: checked in full, rolled back. */
export async function readEscrow(call: Call): Promise<unknown> {
  const { functionName, args } = call;
  if (WRITES.has(functionName)) {
    await db
      .$transaction(async (tx) => {
        await execute(tx, call);
        throw ROLLBACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      });
    return undefined;
  }
  if (functionName === "receivers") {
    const [row] = await db.$queryRaw<{ claimed: string; settled: string }[]>(Prisma.sql`
      SELECT total_claimed_atomic::text AS claimed, total_settled_atomic::text AS settled FROM local_escrow_receivers
      WHERE receiver = ${lower(args[0] as string)} AND token = ${lower(args[1] as string)}`);
    return [BigInt(row?.claimed ?? 0), BigInt(row?.settled ?? 0)];
  }
  const row = await channelRow(db, args[0] as string);
  switch (functionName) {
    case "channels":
      return [BigInt(row?.balance ?? 0), BigInt(row?.claimed ?? 0)];
    case "pendingWithdrawals":
      return [0n, Number(row?.withdraw ?? 0)];
    case "refundNonce":
      return BigInt(row?.nonce ?? 0);
    default:
      throw new Error(`local escrow: ${functionName} is not supported`);
  }
}

/** A contract write: one transaction, its hash recorded for the receipt. */
export function writeEscrow(call: Call): Promise<Hex> {
  return db.$transaction((tx) => execute(tx, call));
}

/** The receipt of an escrow transaction (a settle carries its Settled event), or undefined. */
export async function escrowReceipt(hash: string): Promise<{ logs: unknown[] } | undefined> {
  const [row] = await db.$queryRaw<{ kind: string; amount: string; subject: string }[]>(Prisma.sql`
    SELECT kind, amount_atomic::text AS amount, subject FROM local_escrow_transactions WHERE "transaction" = ${lower(hash)}`);
  if (!row) return undefined;
  if (row.kind !== "settle") return { logs: [] };
  const log = {
    address: getAddress(ESCROW_ADDRESS),
    topics: encodeEventTopics({
      abi: escrowAbi,
      eventName: "Settled",
      args: { receiver: getAddress(row.subject), token: getAddress(ASSET), sender: getAddress(row.subject) },
    }),
    data: encodeAbiParameters([{ type: "uint128" }], [BigInt(row.amount)]),
    transactionHash: hash,
    logIndex: 0,
  };
  return { logs: [log] };
}
