// The batch-settlement phase of `npm run bench:purchase`: paid shortlists ("terms", the exact phases'
// input) paid with x402 batch-settlement vouchers, at N connections and at 1, beside the exact figures.
// Everything but the requests happens before the timed window, as the exact phases pre-sign their
// authorizations: each connection gets its own channel, opened by a deposit purchase that holds all the
// vouchers it will send, and its vouchers are signed in order (each is the channel's cumulative total,
// one price more than the last: the server takes them only in that order). A channel is sent its next
// voucher only once the previous one was answered, so at most one voucher per channel is in flight.
// Vouchers move no money (the claim job does, later): the check is the channels' charged totals
// against the completed purchases, and no transfer on the ledger during the run.
import { x402Client } from "@x402/core/client";
import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { BatchSettlementEvmScheme, InMemoryClientChannelStorage, signVoucher } from "@x402/evm/batch-settlement/client";
import type pg from "pg";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { profileSequential } from "./purchase-profile";
import { shortlistBody } from "./shortlist-bodies";

export const BATCH_TARGETS = { purchasesPerS: 250, p50Ms: 6 };
// What the exact phases are held to, printed beside (the brief of this comparison).
export const EXACT_TARGETS = { purchasesPerS: 150, p50Ms: 10 };

const PRICE = 1000n; // the shortlist, 0.001 USD
const SHORTLIST = "/api/shop/shortlist";

export interface SignedVoucher {
  body: string;
  headers: Record<string, string>;
}

/** One open channel and its vouchers, signed in order. */
export interface VoucherChannel {
  channelId: string;
  vouchers: SignedVoucher[];
  next: number;
  busy: boolean;
  /** A voucher was refused: the channel's total did not move, so its later vouchers would be refused too. */
  broken: boolean;
}

const batchOnly = (_v: number, accepts: PaymentRequirements[]) => {
  const batch = accepts.find((a) => a.scheme === "batch-settlement");
  if (!batch) throw new Error("the shortlist's 402 offers no batch-settlement");
  return batch;
};

const post = (baseUrl: string, signed: SignedVoucher) =>
  fetch(`${baseUrl}${SHORTLIST}`, { method: "POST", headers: signed.headers, body: signed.body });
const signedRequest = (body: string, payload: PaymentPayload): SignedVoucher => ({
  body,
  headers: { "content-type": "application/json", "payment-signature": encodePaymentSignatureHeader(payload) },
});

/** A funded payer's channel: opened by a deposit purchase of `vouchers + 1` prices (outside any measured
 * run), then `vouchers` vouchers signed in order. */
export async function openChannel(
  baseUrl: string,
  paymentRequired: PaymentRequired,
  vouchers: number,
  tag: string,
): Promise<VoucherChannel> {
  const account = privateKeyToAccount(generatePrivateKey());
  const deposit = BigInt(vouchers + 1) * PRICE;
  const funded = await fetch(`${baseUrl}/api/dev/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address: account.address, amountUsd: Number(deposit) / 1e6 + 0.01 }),
  });
  if (!funded.ok) throw new Error(`faucet answered ${funded.status}: ${await funded.text()}`);
  const scheme = new BatchSettlementEvmScheme(account, {
    storage: new InMemoryClientChannelStorage(),
    depositStrategy: () => deposit,
  });
  const client = new x402Client(batchOnly).register("eip155:*", scheme);

  const opening = await client.createPaymentPayload(paymentRequired);
  const opened = await post(baseUrl, signedRequest(shortlistBody(0, "terms", `${tag}-open`), opening));
  if (opened.status !== 200) throw new Error(`the deposit purchase answered ${opened.status}: ${await opened.text()}`);
  await opened.arrayBuffer();
  await scheme.schemeHooks.onPaymentResponse!({
    paymentPayload: opening,
    requirements: opening.accepted,
    settleResponse: decodePaymentResponseHeader(opened.headers.get("payment-response")!),
  } as never);

  // The library's next payload is the first voucher; the later ones are the same with the next totals.
  const first = await client.createPaymentPayload(paymentRequired);
  const { voucher } = first.payload as { voucher: { channelId: `0x${string}`; maxClaimableAmount: string } };
  if (BigInt(voucher.maxClaimableAmount) !== 2n * PRICE)
    throw new Error(`the first voucher is for ${voucher.maxClaimableAmount}, not ${2n * PRICE}`);
  const signed: SignedVoucher[] = [];
  for (let i = 0; i < vouchers; i++) {
    const total = String(BigInt(i + 2) * PRICE);
    const next =
      i === 0
        ? first
        : {
            ...first,
            payload: {
              ...first.payload,
              voucher: await signVoucher(account, voucher.channelId, total, first.accepted.network),
            },
          };
    signed.push(signedRequest(shortlistBody(i + 1, "terms", tag), next));
  }
  return { channelId: voucher.channelId.toLowerCase(), vouchers: signed, next: 0, busy: false, broken: false };
}

/** The request shape autocannon takes (the part used here). */
export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest, context: Record<string, unknown>) => CannonRequest | undefined;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

/** autocannon requests that hand each request the next voucher of a channel with none in flight. */
export function voucherRequests(channels: VoucherChannel[]): CannonRequest[] {
  return [
    {
      method: "POST",
      path: SHORTLIST,
      setupRequest: (req, context) => {
        const channel = channels.find((c) => !c.busy && !c.broken && c.next < c.vouchers.length);
        if (!channel) return undefined;
        channel.busy = true;
        context.channel = channel;
        const s = channel.vouchers[channel.next++]!;
        return { ...req, headers: s.headers, body: s.body };
      },
      // Called with the context of the request it answers, before the connection builds its next one.
      onResponse: (status, _body, context) => {
        const channel = context.channel as VoucherChannel | undefined;
        if (!channel) return;
        channel.busy = false;
        if (status !== 200) channel.broken = true;
      },
    },
  ];
}

interface VoucherLedger {
  completed: number;
  open: number;
  transfers: number;
  chargedAtomic: bigint;
}

async function voucherLedger(db: pg.Client, channels: VoucherChannel[]): Promise<VoucherLedger> {
  const purchases = await db.query<{ completed: number; open: number }>(
    `SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed,
            count(*) FILTER (WHERE state IN ('claimed', 'settling', 'settled'))::int AS open FROM purchases`,
  );
  const transfers = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM local_transfers");
  const charged = await db.query<{ sum: string }>(
    `SELECT coalesce(sum((record->>'chargedCumulativeAmount')::numeric), 0)::text AS sum
       FROM batch_channels WHERE channel_id = ANY($1)`,
    [channels.map((c) => c.channelId)],
  );
  return {
    completed: purchases.rows[0]!.completed,
    open: purchases.rows[0]!.open,
    transfers: transfers.rows[0]!.n,
    chargedAtomic: BigInt(charged.rows[0]!.sum),
  };
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/** What a run answered: its 200s (for the ledger check) and its figures. */
export interface RunOutcome {
  ok: number;
  figures: Figures;
}

export interface BatchPhaseDeps {
  baseUrl: string;
  db: pg.Client;
  paymentRequired: PaymentRequired;
  warmupS: number;
  durationS: number;
  /** Vouchers per measured run (BENCH_BATCH_MAX). */
  max: number;
  log: (m: string) => void;
  problems: string[];
  /** One autocannon run of `amount` requests at most, stopped after `seconds`; recorded as a phase when `label` is set. */
  run: (
    requests: CannonRequest[],
    connections: number,
    amount: number,
    seconds: number,
    label?: string,
  ) => Promise<RunOutcome>;
}

/** One batch phase at `connections`: a warm-up and a measured run, each on channels of its own. */
export async function batchPhase(deps: BatchPhaseDeps, label: string, connections: number): Promise<Figures> {
  const { db, problems } = deps;
  for (const [tag, count, seconds, measured] of [
    ["warm", Math.min(200, deps.max), deps.warmupS, false],
    ["run", deps.max, deps.durationS, true],
  ] as const) {
    const started = performance.now();
    // Two spares per channel: the channel a connection takes is the first free one, not always its own.
    const perChannel = Math.ceil(count / connections) + 2;
    const channels: VoucherChannel[] = [];
    for (let c = 0; c < connections; c++)
      channels.push(
        await openChannel(deps.baseUrl, deps.paymentRequired, perChannel, `batch-${connections}-${tag}-${c}`),
      );
    if (measured)
      deps.log(
        `${label}: ${connections} channel(s) opened, ${connections * perChannel} vouchers signed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    const before = await voucherLedger(db, channels);
    const { ok, figures } = await deps.run(
      voucherRequests(channels),
      connections,
      count,
      seconds,
      measured ? label : undefined,
    );
    const deadline = Date.now() + 10_000;
    let after = await voucherLedger(db, channels);
    while (after.open > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = await voucherLedger(db, channels);
    }
    const completed = after.completed - before.completed;
    const charged = after.chargedAtomic - before.chargedAtomic;
    // A run stopped on time cuts at most one voucher per connection, which the server may still complete.
    if (
      completed < ok ||
      completed - ok > connections ||
      charged !== BigInt(completed) * PRICE ||
      after.transfers !== before.transfers ||
      after.open > 0
    )
      problems.push(
        `${label} (${tag}): ${ok} answers 200, but ${completed} purchases completed, channels charged ${charged} atomic units more, ${after.transfers - before.transfers} ledger transfers, ${after.open} purchases still open`,
      );
    const broken = channels.filter((c) => c.broken).length;
    if (broken > 0) problems.push(`${label} (${tag}): ${broken} channel(s) had a voucher refused`);
    if (measured && ok >= count)
      problems.push(`${label}: used all ${count} pre-signed vouchers before ${seconds} s; raise BENCH_BATCH_MAX`);
    if (measured) return figures;
  }
  throw new Error("unreachable");
}

/** The batch figures next to the exact ones, with both targets. */
export function reportBatch(
  connections: number,
  exact: { many: Figures; one: Figures },
  batch: { many: Figures; one: Figures },
): void {
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  const line = (f: Figures) =>
    `${f.rps.toFixed(0).padStart(5)} /s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms`;
  console.log(
    `\nPaid shortlists ("terms"), exact authorizations against batch-settlement vouchers (one channel per connection):`,
  );
  console.log(`${"".padEnd(16)} ${"exact".padEnd(36)} batch-settlement`);
  console.log(`${`${connections} connections`.padEnd(16)} ${line(exact.many).padEnd(36)} ${line(batch.many)}`);
  console.log(`${"1 connection".padEnd(16)} ${line(exact.one).padEnd(36)} ${line(batch.one)}`);
  console.log(
    `targets: exact >= ${EXACT_TARGETS.purchasesPerS}/s at ${connections} connections ${verdict(exact.many.rps >= EXACT_TARGETS.purchasesPerS)}, p50 <= ${EXACT_TARGETS.p50Ms} ms at 1 ${verdict(exact.one.p50 <= EXACT_TARGETS.p50Ms)}; ` +
      `batch >= ${BATCH_TARGETS.purchasesPerS}/s at ${connections} connections ${verdict(batch.many.rps >= BATCH_TARGETS.purchasesPerS)}, p50 <= ${BATCH_TARGETS.p50Ms} ms at 1 ${verdict(batch.one.p50 <= BATCH_TARGETS.p50Ms)}`,
  );
}

/** The profile mode's voucher purchases: `purchases` vouchers one after another on one channel, phase by
 * phase with their statements (after a warm-up on another channel). Returns the problems seen. */
export async function profileVouchers(
  baseUrl: string,
  db: pg.Client,
  paymentRequired: PaymentRequired,
  purchases: number,
): Promise<string[]> {
  const warm = await openChannel(baseUrl, paymentRequired, 50, "profile-batch-warm");
  for (const v of warm.vouchers) await (await post(baseUrl, v)).arrayBuffer();
  const channel = await openChannel(baseUrl, paymentRequired, purchases, "profile-batch");
  return (await profileSequential(baseUrl, SHORTLIST, db, channel.vouchers, "batch-settlement vouchers")).problems;
}
