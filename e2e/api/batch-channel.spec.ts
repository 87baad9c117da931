// An agent with nothing but a wallet pays for shortlists over an x402 batch-settlement channel, through
// the typed client (client/): it funds itself from the local faucet, deposits into a channel (top-ups
// as its deposit cap makes it) and pays each of 20 purchases with a voucher. The app's own claim job
// (BATCH_CLAIM_INTERVAL_SECONDS is 1 under scripts/e2e.ts, so it runs at the scheduler's next tick)
// then claims the vouchers on the local escrow and settles them to the pay-to address. To the atomic
// unit: the wallet lost its deposits, the escrow holds them less what was claimed, the claim is the 20
// prices, and the pay-to address received exactly the claim. A replay (same key, same voucher) is
// answered the stored result and moves nothing.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "@playwright/test";
import { createMarketplaceClient, type Paid, type ShortlistPurchase } from "../../client/marketplace-client";
import { queryAppDatabase } from "./app-database";
import { faucet as ledgerFaucet } from "../local-ledger";

const PURCHASES = 20;
const PRICE = 1000n; // the shortlist, 0.001 USD in atomic units
// Under the server's suggested deposit (ten purchases): deposits of 7 purchases, so 20 purchases take three
// deposits and leave one price unclaimed in the channel.
const DEPOSIT_CAP_USD = "0.007";
const input = { outcome: "hourly weather forecasts for delivery route planning", search: "terms" as const, limit: 3 };

// The ledger's figures as bigints, like the channel's amounts.
const faucet = async (baseURL: string, address: string, amountUsd: number) =>
  BigInt(await ledgerFaucet(baseURL, address, amountUsd));
/** The balance on the local ledger through the faucet: it credits 1 atomic unit and answers the new balance;
 * this returns the balance before that credit (which stays: the next reading includes it). */
const ledgerBalance = async (baseURL: string, address: string) => (await faucet(baseURL, address, 0.000001)) - 1n;

interface SignedPayload {
  accepted: { scheme: string };
  payload: { type: "deposit" | "voucher"; voucher: { channelId: string }; deposit?: { amount: string } };
}
const decode = (signature: string) => JSON.parse(Buffer.from(signature, "base64").toString("utf8")) as SignedPayload;

interface EscrowRow {
  balance: string;
  claimed: string;
  payer: string;
}
const escrowChannel = async (channelId: string) =>
  (
    await queryAppDatabase<EscrowRow>(
      `SELECT balance_atomic::text AS balance, total_claimed_atomic::text AS claimed, payer
       FROM local_escrow_channels WHERE channel_id = $1`,
      [channelId.toLowerCase()],
    )
  )[0];
/** The server's channel record (the library's Channel): what it has charged on the channel. */
const chargedOnChannel = async (channelId: string) => {
  const [row] = await queryAppDatabase<{ record: { chargedCumulativeAmount: string } }>(
    "SELECT record FROM batch_channels WHERE channel_id = $1",
    [channelId.toLowerCase()],
  );
  return row?.record.chargedCumulativeAmount;
};
const claimJobIdle = async () =>
  (
    await queryAppDatabase<{ leased_by: string | null }>(
      "SELECT leased_by FROM batch_settlement_jobs WHERE job = 'claim'",
    )
  )[0]?.leased_by === null;

test("an agent opens a batch-settlement channel, buys 20 shortlists with vouchers, and claim, settlement and balances agree to the unit", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const started = performance.now();
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  expect(await faucet(baseURL!, address, 1)).toBe(1_000_000n);

  // Every paid request the client sends (body, key and PAYMENT-SIGNATURE), for the replay below.
  const sent: { body: string; key: string; signature: string }[] = [];
  const recording: typeof fetch = (url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (headers["payment-signature"])
      sent.push({
        body: String(init!.body),
        key: headers["idempotency-key"]!,
        signature: headers["payment-signature"],
      });
    return fetch(url, init);
  };
  const client = createMarketplaceClient({
    baseUrl: baseURL!,
    wallet: key,
    caps: { maxUsdPerDeposit: DEPOSIT_CAP_USD },
    fetch: recording,
  });

  // The pay-to address before anything is paid: the claim job may run between two purchases.
  const terms = await client.describeProduct("shortlist");
  if (!terms.ok) throw new Error(`describe: ${JSON.stringify(terms.error)}`);
  const payTo = terms.value.payTo;
  const payToBefore = await ledgerBalance(baseURL!, payTo);
  const paid: Paid<ShortlistPurchase>[] = [];
  for (let i = 0; i < PURCHASES; i++) {
    const r = await client.buyShortlist(input);
    if (!r.ok) throw new Error(`purchase ${i + 1}: ${JSON.stringify(r.error)}`);
    expect(r.value.status).toBe(200);
    expect(r.value.spent).toMatchObject({ atomic: "1000", amountUsd: "0.001" });
    expect(r.value.value.idempotentReplay).toBe(false);
    paid.push(r.value);
  }
  expect(paid.every((p) => p.spent!.payTo === payTo)).toBe(true);

  // One channel, opened by a deposit and topped up by two more, every purchase a voucher on it.
  const payloads = sent.map((s) => decode(s.signature));
  expect(payloads).toHaveLength(PURCHASES);
  expect(payloads.every((p) => p.accepted.scheme === "batch-settlement")).toBe(true);
  const channelId = payloads[0]!.payload.voucher.channelId;
  expect(new Set(payloads.map((p) => p.payload.voucher.channelId))).toEqual(new Set([channelId]));
  const deposits = payloads.flatMap((p) => (p.payload.type === "deposit" ? [BigInt(p.payload.deposit!.amount)] : []));
  expect(deposits).toEqual([7000n, 7000n, 7000n]);
  const deposited = deposits.reduce((a, b) => a + b, 0n);
  const charged = BigInt(PURCHASES) * PRICE;
  // The receipt of the last purchase: the channel's charged total is the 20 prices.
  expect(paid.at(-1)!.settlement?.extra).toMatchObject({ channelState: { chargedCumulativeAmount: String(charged) } });
  expect(await chargedOnChannel(channelId)).toBe(String(charged));

  // The wallet paid its deposits into the escrow, nothing else.
  expect(await ledgerBalance(baseURL!, address)).toBe(1_000_000n - deposited);

  // The app's claim job (every scheduler tick here) claims the vouchers, then settles to the pay-to address.
  await expect
    .poll(async () => (await escrowChannel(channelId))?.claimed, {
      message: "the claim job claims the channel's vouchers",
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(String(charged));
  await expect
    .poll(claimJobIdle, { message: "the claim job's run (claim, then settle) ends", timeout: 30_000 })
    .toBe(true);
  const escrow = (await escrowChannel(channelId))!;
  expect(escrow.payer).toBe(address.toLowerCase());
  // Deposited less what stays unclaimed in the channel (refundable to the payer) is what was charged.
  const unclaimed = BigInt(escrow.balance) - BigInt(escrow.claimed);
  expect(BigInt(escrow.balance)).toBe(deposited);
  expect(deposited - unclaimed).toBe(charged);
  expect(unclaimed).toBe(PRICE);
  // The pay-to address received exactly the claim (the reading before it credited 1 unit).
  const payToAfter = await ledgerBalance(baseURL!, payTo);
  expect(payToAfter - payToBefore - 1n).toBe(BigInt(escrow.claimed));

  // Replays: the typed client with the same key resends its stored voucher; the same request sent again by
  // hand carries the same PAYMENT-SIGNATURE. Both answer the stored result and charge nothing.
  const original = paid[4]!;
  const again = await client.buyShortlist(input, { idempotencyKey: original.idempotencyKey });
  if (!again.ok) throw new Error(`replay: ${JSON.stringify(again.error)}`);
  expect(again.value.spent).toBeNull();
  expect(again.value.value.idempotentReplay).toBe(true);
  expect(again.value.value.shortlist).toEqual(original.value.shortlist);
  expect(again.value.settlement).toEqual(original.settlement);
  expect(sent.at(-1)!.signature).toBe(sent[4]!.signature);

  const raw = await fetch(`${baseURL}/api/shop/shortlist`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": sent[4]!.key,
      "payment-signature": sent[4]!.signature,
    },
    body: sent[4]!.body,
  });
  expect(raw.status).toBe(200);
  const rawBody = (await raw.json()) as ShortlistPurchase;
  expect(rawBody.idempotentReplay).toBe(true);
  expect(rawBody.shortlist).toEqual(original.value.shortlist);

  // Nothing moved: the channel's charge and claim, the escrow, the wallet and the pay-to address (each
  // reading after the first adds the earlier reading's unit).
  expect(await chargedOnChannel(channelId)).toBe(String(charged));
  expect(await escrowChannel(channelId)).toEqual(escrow);
  expect(await ledgerBalance(baseURL!, address)).toBe(1_000_000n - deposited + 1n);
  expect(await ledgerBalance(baseURL!, payTo)).toBe(payToAfter + 1n);
  const [completed] = await queryAppDatabase<{ count: string }>(
    "SELECT count(*)::text AS count FROM purchases WHERE payer = $1 AND state = 'completed'",
    [address.toLowerCase()],
  );
  expect(completed?.count).toBe(String(PURCHASES));
  console.log(
    `wallet → channel → ${PURCHASES} vouchers → claim + settle → replay: ${Math.round(performance.now() - started)} ms`,
  );
});
