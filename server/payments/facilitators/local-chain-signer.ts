// The "chain" behind the local facilitator (decisions.md §11): the x402 `exact` EVM facilitator
// scheme talks to a token contract through this signer; here the contract is emulated on tables
// (local_balances, local_transfers) with FiatToken's EIP-3009 rules. The EIP-712 signature is
// checked for real (libsecp256k1: typed-data-signer.ts), when the facilitator simulates the transfer
// and when it executes it.
import { eip3009ABI } from "@x402/evm";
import type { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionResult,
  getAddress,
  keccak256,
  serializeSignature,
  stringToHex,
  verifyTypedData,
  type Hex,
} from "viem";
import { DatabaseError, sqlQuery, UNIQUE_VIOLATION } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { X402_ASSET, X402_ASSET_DOMAIN, X402_NETWORK, X402_TRANSFER_AUTHORIZATION } from "../payment-network";
import { verifyTypedDataSignature } from "./typed-data-signer";
import { escrowAbi } from "./escrow-abi";
import { ESCROW_ADDRESS, escrowReceipt, readEscrow, writeEscrow } from "./local-escrow";

// Not exported by name from @x402/evm 2.27.
export type FacilitatorEvmSigner = ConstructorParameters<typeof ExactEvmScheme>[0];

const MULTICALL3 = "0xca11bde05977b3631167028862be2a173976ca11";
const ASSET = X402_ASSET.toLowerCase();
// Any non-empty code marks the asset as a contract; payers have none (plain ECDSA signatures).
const CONTRACT_CODE = "0x6080604052";
const TRANSFER_EVENT = [
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "value", type: "uint256", indexed: false },
    ],
  },
] as const;

interface Authorization {
  from: Hex;
  to: Hex;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
  signature: Hex;
}

// transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s | signature)
function authorizationFromArgs(args: readonly unknown[]): Authorization {
  const [from, to, value, validAfter, validBefore, nonce, ...sig] = args as [
    Hex,
    Hex,
    bigint,
    bigint,
    bigint,
    Hex,
    ...unknown[],
  ];
  const signature =
    sig.length === 3
      ? serializeSignature({ v: BigInt(sig[0] as number), r: sig[1] as Hex, s: sig[2] as Hex })
      : (sig[0] as Hex);
  return {
    from,
    to,
    value: BigInt(value),
    validAfter: BigInt(validAfter),
    validBefore: BigInt(validBefore),
    nonce,
    signature,
  };
}

const lower = (a: string) => a.toLowerCase();

// The ledger's statements run straight on pg (sqlQuery), like the purchase ledger's: the
// facilitator reads and writes this "chain" several times per purchase.
export async function localBalance(address: string): Promise<bigint> {
  const [row] = await sqlQuery<{ balance: string }>(
    Prisma.sql`SELECT balance_atomic AS balance FROM local_balances WHERE address = ${lower(address)}`,
  );
  return BigInt(row?.balance ?? 0);
}

/** Throws DatabaseError when the ledger cannot be reached. */
export async function assertLedgerReachable(): Promise<void> {
  await sqlQuery(Prisma.sql`SELECT 1`);
}

export interface LocalTransfer {
  transaction: string;
  payer: string;
  payTo: string;
  amountAtomic: bigint;
}

// The local_transfers row of an authorization (unique: an EIP-3009 nonce is used once per payer and token).
const authorizationRow = (payer: string, nonce: string) =>
  Prisma.sql`network = ${X402_NETWORK} AND asset = ${ASSET} AND payer = ${lower(payer)} AND nonce = ${lower(nonce)}`;

async function findTransfer(where: Prisma.Sql): Promise<LocalTransfer | null> {
  const [row] = await sqlQuery<Omit<LocalTransfer, "amountAtomic"> & { amountAtomic: string }>(Prisma.sql`
    SELECT "transaction", payer, pay_to AS "payTo", amount_atomic AS "amountAtomic" FROM local_transfers WHERE ${where}`);
  return row ? { ...row, amountAtomic: BigInt(row.amountAtomic) } : null;
}

export function findLocalTransfer(payer: string, nonce: string): Promise<LocalTransfer | null> {
  return findTransfer(authorizationRow(payer, nonce));
}

// One purchase checks the same authorization when the facilitator simulates the transfer and again
// when it executes it: the verdicts of recent authorizations are kept (keyed by every signed field
// and the signature), so the second check costs a lookup.
const verdicts = new Map<string, Promise<boolean>>();
const VERDICTS_KEPT = 1000;

function signatureValid(a: Authorization): Promise<boolean> {
  // The check is computed from exactly what the key holds: hex in lower case (a signed address is
  // its 20 bytes, whatever the letter case), so differently cased copies of one authorization
  // share one verdict and none can store a verdict for another (e.g. a bad EIP-55 checksum).
  const [from, to, nonce, signature] = [a.from, a.to, a.nonce, a.signature].map((h) => h.toLowerCase() as Hex) as [
    Hex,
    Hex,
    Hex,
    Hex,
  ];
  const key = `${from}:${to}:${a.value}:${a.validAfter}:${a.validBefore}:${nonce}:${signature}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = verifyTypedDataSignature({
      ...X402_TRANSFER_AUTHORIZATION,
      address: from,
      message: { from, to, value: a.value, validAfter: a.validAfter, validBefore: a.validBefore, nonce },
      signature,
    });
    if (verdicts.size >= VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, verdict);
  }
  return verdict;
}

// secp256k1's group order halved: USDC's ECRecover refuses an `s` above it. For every signature
// (r, s) the pair (r, n - s) with the recovery bit flipped recovers the same signer, and viem
// accepts both; the token accepts only the low one (EIP-2), so the emulation must too.
const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

// The shape FiatToken's ECRecover.recover requires before it recovers anything: 65 bytes, v 27 or 28, low s.
function signatureShapeError(signature: Hex): string | undefined {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return "ECRecover: invalid signature length";
  const v = Number.parseInt(signature.slice(130, 132), 16);
  if (v !== 27 && v !== 28) return "ECRecover: invalid signature 'v' value";
  if (BigInt(`0x${signature.slice(66, 130)}`) > SECP256K1_HALF_N) return "ECRecover: invalid signature 's' value";
  return undefined;
}

// FiatToken's checks that need no state, with its revert messages (the facilitator maps them to reasons).
async function checkSigned(a: Authorization): Promise<void> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (now <= a.validAfter) throw new Error("FiatTokenV2: authorization is not yet valid");
  if (now >= a.validBefore) throw new Error("FiatTokenV2: authorization is expired");
  const shape = signatureShapeError(a.signature);
  if (shape) throw new Error(shape);
  if (!(await signatureValid(a))) throw new Error("FiatTokenV2: invalid signature");
}

// A simulation (eth_call) checks everything and changes nothing; one query reads the state.
async function simulateTransfer(a: Authorization): Promise<void> {
  const [state] = await sqlQuery<{ used: boolean; balance: string | null }>(Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM local_transfers WHERE ${authorizationRow(a.from, a.nonce)}) AS used,
           (SELECT balance_atomic FROM local_balances WHERE address = ${lower(a.from)}) AS balance`);
  if (state!.used) throw new Error("FiatTokenV2: authorization is used or canceled");
  await checkSigned(a);
  if (BigInt(state!.balance ?? 0) < a.value) throw new Error("ERC20: transfer amount exceeds balance");
}

// Receipts of transfers executed by this process, so waiting for one needs no query.
const receipts = new Map<string, LocalTransfer>();

// Executes the transfer in one statement: the debit (only if the balance covers it), the nonce
// row (unique: a used authorization fails) and the credit commit together or not at all
// (PostgreSQL runs data-modifying CTEs to completion even when the final SELECT does not read them).
async function executeTransfer(a: Authorization): Promise<Hex> {
  await checkSigned(a);
  const [from, to] = [lower(a.from), lower(a.to)];
  // A transfer to oneself moves nothing (the token still requires the balance to cover it).
  const debit = from === to ? 0n : a.value;
  const transaction = keccak256(stringToHex(`local-transfer:${X402_NETWORK}:${ASSET}:${from}:${lower(a.nonce)}`));
  let rows: { executed: string }[];
  try {
    rows = await sqlQuery<{ executed: string }>(Prisma.sql`
      WITH debit AS (
        UPDATE local_balances SET balance_atomic = balance_atomic - ${debit}::bigint, updated_at = now()
        WHERE address = ${from} AND balance_atomic >= ${a.value}
        RETURNING address
      ), transfer AS (
        INSERT INTO local_transfers ("transaction", network, asset, payer, pay_to, amount_atomic, nonce)
        SELECT ${transaction}::text, ${X402_NETWORK}::text, ${ASSET}::text, ${from}::text, ${to}::text, ${a.value}::bigint, ${lower(a.nonce)}::text FROM debit
        RETURNING "transaction"
      ), credit AS (
        INSERT INTO local_balances (address, balance_atomic, updated_at)
        SELECT ${to}::text, ${a.value}::bigint, now() FROM transfer WHERE ${to}::text <> ${from}::text
        ON CONFLICT (address) DO UPDATE SET balance_atomic = local_balances.balance_atomic + EXCLUDED.balance_atomic, updated_at = now()
      )
      SELECT count(*) AS executed FROM transfer`);
  } catch (err) {
    if (err instanceof DatabaseError && err.code === UNIQUE_VIOLATION) {
      throw new Error("FiatTokenV2: authorization is used or canceled");
    }
    throw err;
  }
  if (Number(rows[0]?.executed ?? 0) !== 1) throw new Error("ERC20: transfer amount exceeds balance");
  if (receipts.size >= VERDICTS_KEPT) receipts.delete(receipts.keys().next().value!);
  receipts.set(transaction, { transaction, payer: from, payTo: to, amountAtomic: a.value });
  return transaction;
}

async function readToken(functionName: string, args: readonly unknown[]): Promise<unknown> {
  switch (functionName) {
    case "balanceOf":
      return localBalance(args[0] as string);
    case "authorizationState":
      return (await findLocalTransfer(args[0] as string, args[1] as string)) !== null;
    case "name":
      return X402_ASSET_DOMAIN.name;
    case "version":
      return X402_ASSET_DOMAIN.version;
    case "transferWithAuthorization": // a simulation (eth_call): reverts like the token, changes nothing
      await simulateTransfer(authorizationFromArgs(args));
      return undefined;
    default:
      throw new Error(`local token: ${functionName} is not supported`);
  }
}

// One escrow read inside the facilitator's Multicall3 batch, answered ABI-encoded as the chain would.
async function escrowCall(callData: Hex): Promise<Hex> {
  const decoded = decodeFunctionData({ abi: escrowAbi, data: callData });
  const result = await readEscrow({ functionName: decoded.functionName, args: decoded.args ?? [] });
  if (result === undefined) return "0x";
  return encodeFunctionResult({ abi: escrowAbi, functionName: decoded.functionName as "channels", result } as never);
}

export function createLocalChainSigner(facilitatorAddress: Hex): FacilitatorEvmSigner {
  return {
    getAddresses: () => [facilitatorAddress],
    async getCode({ address }) {
      return lower(address) === ASSET ? CONTRACT_CODE : "0x";
    },
    async readContract({ address, functionName, args }) {
      // The facilitator diagnoses a failed simulation with one Multicall3 batch of token reads.
      if (lower(address) === MULTICALL3 && functionName === "tryAggregate") {
        const calls = (args as [boolean, { target: Hex; callData: Hex }[]])[1];
        const results = [];
        for (const call of calls) {
          try {
            if (lower(call.target) === ESCROW_ADDRESS) {
              results.push({ success: true, returnData: await escrowCall(call.callData) });
              continue;
            }
            if (lower(call.target) !== ASSET) throw new Error("no contract");
            const decoded = decodeFunctionData({ abi: eip3009ABI, data: call.callData });
            const result = await readToken(decoded.functionName, decoded.args ?? []);
            const returnData =
              decoded.functionName === "transferWithAuthorization"
                ? "0x"
                : encodeFunctionResult({
                    abi: eip3009ABI,
                    functionName: decoded.functionName as "balanceOf",
                    result: result as bigint,
                  });
            results.push({ success: true, returnData });
          } catch {
            results.push({ success: false, returnData: "0x" as Hex });
          }
        }
        return results;
      }
      if (lower(address) === ESCROW_ADDRESS) return readEscrow({ functionName, args: args ?? [] });
      if (lower(address) !== ASSET) throw new Error(`no contract at ${address}`);
      return readToken(functionName, args ?? []);
    },
    async verifyTypedData(input) {
      return verifyTypedData(input as Parameters<typeof verifyTypedData>[0]);
    },
    async writeContract({ address, functionName, args }) {
      if (lower(address) === ESCROW_ADDRESS) return writeEscrow({ functionName, args: args ?? [] });
      if (lower(address) !== ASSET || functionName !== "transferWithAuthorization") {
        throw new Error(`local chain: ${functionName} is not supported`);
      }
      return executeTransfer(authorizationFromArgs(args));
    },
    async sendTransaction() {
      // Only used to deploy counterfactual smart wallets (ERC-6492), which the local chain has not.
      throw new Error("local chain: sendTransaction is not supported");
    },
    async waitForTransactionReceipt({ hash }) {
      const escrow = receipts.has(lower(hash)) ? undefined : await escrowReceipt(hash);
      if (escrow)
        return { status: "success" as const, ...escrow } as unknown as Awaited<
          ReturnType<FacilitatorEvmSigner["waitForTransactionReceipt"]>
        >;
      const t = receipts.get(lower(hash)) ?? (await findTransfer(Prisma.sql`"transaction" = ${lower(hash)}`));
      if (!t) throw new Error(`local chain: no transaction ${hash}`);
      const log = {
        address: getAddress(X402_ASSET),
        topics: encodeEventTopics({
          abi: TRANSFER_EVENT,
          eventName: "Transfer",
          args: { from: getAddress(t.payer), to: getAddress(t.payTo) },
        }),
        data: encodeAbiParameters([{ type: "uint256" }], [t.amountAtomic]),
        transactionHash: hash,
        logIndex: 0,
      };
      return { status: "success" as const, logs: [log] } as unknown as Awaited<
        ReturnType<FacilitatorEvmSigner["waitForTransactionReceipt"]>
      >;
    },
  };
}
