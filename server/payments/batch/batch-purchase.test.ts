// x402 batch-settlement end to end in one process: the 402 offers it after exact, a real client
// (the library's batch-settlement client scheme) deposits and pays with vouchers, the library's
// reasons refuse what a channel does not allow, and the shared jobs claim, settle and refund over
// the local escrow on the ledger tables.
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { ESCROW_ADDRESS } from "@/server/payments/facilitators/local-escrow";
import { LOCAL_PAY_TO } from "@/server/payments/payment-config";
import { PRODUCT_LIST } from "@/server/products/products";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { createBatchAgent, type BatchAgent } from "@/test/payments/batch-agent";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";
import { finishBatchJob, leaseBatchJob } from "../batch-jobs/batch-jobs";
import { batchSettlementPass } from "../batch-jobs/run-batch-settlement";

const runtime = paymentRuntime();
const PRICE = 1000n;
const settings = { claimIntervalMs: 60_000, refundIntervalMs: 60_000, refundIdleSeconds: 3600, leaseMs: 60_000 };

const challengeHeader = async () => (await describe402(runtime)).headers["payment-required"]!;
const decode = (signature: string) => JSON.parse(Buffer.from(signature, "base64").toString("utf8"));
const encode = (payload: unknown) => encodePaymentSignatureHeader(payload as never);
const reasonOf = (r: { headers: Record<string, string> }) =>
  decodePaymentRequiredHeader(r.headers["payment-required"]!).error;
const escrowChannel = (channelId: string) =>
  db.localEscrowChannel.findUnique({ where: { channelId: channelId.toLowerCase() } });
// Runs the shared jobs until the claim job is due again (it was run by an earlier test).
const dueNow = () => db.batchSettlementJob.updateMany({ data: { nextRunAt: new Date(0) } });

/** Pays `n` purchases on the agent's channel; returns their keys and signatures. */
async function pay(agent: BatchAgent, n: number) {
  const header = await challengeHeader();
  const paid: { key: string; body: Record<string, unknown>; signature: string; text: string; response: string }[] = [];
  for (let i = 0; i < n; i++) {
    const body = shortlistBody();
    const signature = await agent.sign(header);
    const r = await buy(runtime, { body, signature });
    expect(r.status, r.text).toBe(200);
    await agent.paid(r.headers["payment-response"]!, signature);
    paid.push({
      key: body.request_id as string,
      body,
      signature,
      text: r.text,
      response: r.headers["payment-response"]!,
    });
  }
  return paid;
}

describe("the 402", () => {
  it("offers batch-settlement after exact, exact unchanged", async () => {
    const r = await describe402(runtime);
    const { accepts } = decodePaymentRequiredHeader(r.headers["payment-required"]!);
    expect(accepts.map((a) => a.scheme)).toEqual(["exact", "batch-settlement"]);
    expect(accepts[0]).toEqual({
      scheme: "exact",
      network: "eip155:84532",
      amount: "1000",
      asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      payTo: LOCAL_PAY_TO,
      maxTimeoutSeconds: 300,
      extra: { name: "USDC", version: "2" },
    });
    expect(accepts[1]).toMatchObject({
      amount: "1000",
      payTo: LOCAL_PAY_TO,
      extra: { name: "USDC", version: "2", withdrawDelay: 900, receiverAuthorizer: expect.stringMatching(/^0x/) },
    });
  });

  it("is offered by the sub-cent products only (shortlist, ads), not by the queued ones", async () => {
    const schemes = async (id: string) => {
      const challenge = await runtime.challenge(PRODUCT_LIST.find((p) => p.id === id)!);
      return decodePaymentRequiredHeader(challenge.header).accepts.map((a) => a.scheme);
    };
    expect(await schemes("ad")).toEqual(["exact", "batch-settlement"]);
    expect(await schemes("placement")).toEqual(["exact"]);
    expect(await schemes("evaluation")).toEqual(["exact"]);
  });
});

describe("paying with vouchers", () => {
  it("deposits once, then each voucher pays one purchase; replays answer the stored result", async () => {
    const agent = await createBatchAgent();
    const paid = await pay(agent, 5);
    const first = decode(paid[0]!.signature);
    expect(first.payload.type).toBe("deposit");
    expect(paid.slice(1).map((p) => decode(p.signature).payload.type)).toEqual(Array(4).fill("voucher"));
    const channelId = first.payload.voucher.channelId as string;
    // The deposit moved the payer's funds into the escrow once; the vouchers moved nothing yet.
    // (the server announces a minimum deposit of ten purchases: the client deposits that)
    expect((await escrowChannel(channelId))?.balanceAtomic).toBe(10n * PRICE);
    expect(await agent.balance()).toBe(1_000_000n - 10n * PRICE);
    expect(decodePaymentResponseHeader(paid[4]!.response).extra).toMatchObject({
      chargedAmount: "1000",
      channelState: { chargedCumulativeAmount: "5000" },
    });
    const stored = await runtime.batch!.getStorage().get(channelId);
    expect(stored?.chargedCumulativeAmount).toBe("5000");

    // The same request and voucher again: the stored answer, nothing charged again.
    const replay = await buy(runtime, { body: paid[2]!.body, signature: paid[2]!.signature });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(paid[2]!.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(replay.headers["payment-response"]).toBe(paid[2]!.response);
    expect((await runtime.batch!.getStorage().get(channelId))?.chargedCumulativeAmount).toBe("5000");
    expect(await db.purchase.count({ where: { payer: agent.address, state: "completed" } })).toBe(5);
  });

  it("refuses a voucher reused for another request, out of order, over the deposit, or for another channel", async () => {
    const agent = await createBatchAgent(1, 3n * PRICE); // a deposit of 3 purchases
    const paid = await pay(agent, 2);
    const channelState = async () =>
      (await runtime.batch!.getStorage().get(decode(paid[0]!.signature).payload.voucher.channelId))!;

    // Reused: the second purchase's voucher on a new request (another key).
    const reused = await buy(runtime, { body: shortlistBody(), signature: paid[1]!.signature });
    expect(reused.status).toBe(402);
    expect(reasonOf(reused)).toBe("invalid_batch_settlement_evm_cumulative_amount_mismatch");

    // Out of order: a voucher two prices ahead of the charged total.
    const voucher = decode(await agent.sign(await challengeHeader()));
    const { signVoucher } = await import("@x402/evm/batch-settlement/client");
    const skip = {
      ...voucher,
      payload: {
        ...voucher.payload,
        voucher: await signVoucher(agent.account, voucher.payload.voucher.channelId, "4000", "eip155:84532"),
      },
    };
    const ahead = await buy(runtime, { body: shortlistBody(), signature: encode(skip) });
    expect(ahead.status).toBe(402);
    expect(reasonOf(ahead)).toBe("invalid_batch_settlement_evm_cumulative_amount_mismatch");

    // For another channel: this channel's voucher with another channel's config.
    const other = await createBatchAgent();
    const otherFirst = decode(await other.sign(await challengeHeader()));
    const crossed = { ...voucher, payload: { ...voucher.payload, channelConfig: otherFirst.payload.channelConfig } };
    const wrongChannel = await buy(runtime, { body: shortlistBody(), signature: encode(crossed) });
    expect(wrongChannel.status).toBe(402);
    expect(reasonOf(wrongChannel)).toBe("invalid_batch_settlement_evm_channel_id_mismatch");

    // The next voucher in order still pays (nothing above charged anything).
    const third = await buy(runtime, { body: shortlistBody(), signature: encode(voucher) });
    expect(third.status, third.text).toBe(200);
    await agent.paid(third.headers["payment-response"]!, encode(voucher));
    expect((await channelState()).chargedCumulativeAmount).toBe("3000");

    // Over the deposit: a fourth purchase on a channel funded for three, signed without a top-up.
    const over = {
      ...voucher,
      payload: {
        ...voucher.payload,
        voucher: await signVoucher(agent.account, voucher.payload.voucher.channelId, "4000", "eip155:84532"),
      },
    };
    const beyond = await buy(runtime, { body: shortlistBody(), signature: encode(over) });
    expect(beyond.status).toBe(402);
    expect(reasonOf(beyond)).toBe("invalid_batch_settlement_evm_cumulative_exceeds_balance");
    expect((await channelState()).chargedCumulativeAmount).toBe("3000");
  });

  it("one voucher sent under 20 keys at once pays exactly one purchase", async () => {
    const agent = await createBatchAgent();
    await pay(agent, 1);
    const signature = await agent.sign(await challengeHeader());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(runtime, { body: shortlistBody(), signature })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 200)) expect([402, 409]).toContain(r.status);
    const channelId = decode(signature).payload.voucher.channelId as string;
    expect((await runtime.batch!.getStorage().get(channelId))?.chargedCumulativeAmount).toBe("2000");
    expect(await db.purchase.count({ where: { payer: agent.address, state: "completed" } })).toBe(2);
    expect(await db.purchase.count({ where: { payer: agent.address, state: { not: "completed" } } })).toBe(0);
  });

  it("answers unreadable voucher headers with a 4xx JSON refusal, never a 500", async () => {
    const agent = await createBatchAgent();
    const good = decode(await agent.sign(await challengeHeader()));
    const bad = [
      "not base64 at all ***",
      Buffer.from("{garbage").toString("base64"),
      encode({ ...good, payload: { ...good.payload, type: "nonsense" } }),
      encode({
        ...good,
        payload: { ...good.payload, voucher: { ...good.payload.voucher, maxClaimableAmount: "9".repeat(80) } },
      }),
      encode({ ...good, payload: { ...good.payload, voucher: { ...good.payload.voucher, maxClaimableAmount: "-1" } } }),
      encode({
        ...good,
        payload: { ...good.payload, channelConfig: { ...good.payload.channelConfig, salt: "0x\u0000" } },
      }),
      encode({
        ...good,
        payload: { ...good.payload, channelConfig: { ...good.payload.channelConfig, withdrawDelay: 1e300 } },
      }),
      encode({ ...good, payload: { ...good.payload, deposit: { ...good.payload.deposit, amount: "1".repeat(39) } } }),
    ];
    for (const signature of bad) {
      const r = await buy(runtime, { body: shortlistBody(), signature });
      expect(r.status, `${signature.slice(0, 40)}: ${r.text}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(typeof r.json.error).toBe("string");
    }
    expect(await db.purchase.count({ where: { payer: agent.address } })).toBe(0);
  });
});

describe("claims, settlement and refunds (the shared jobs)", () => {
  it("claims each voucher once, settles their sum to the pay-to address, and refunds an idle channel", async () => {
    // Earlier tests left charged vouchers on other channels: the job claims those as well.
    await dueNow();
    await batchSettlementPass(runtime, "first", settings);
    const agent = await createBatchAgent();
    const paid = await pay(agent, 7);
    const channelId = decode(paid[0]!.signature).payload.voucher.channelId as string;
    const payToBefore = await localBalance(LOCAL_PAY_TO);
    const escrowBefore = await localBalance(ESCROW_ADDRESS);

    // Two instances at once: only one leases the job.
    await dueNow();
    const [a, b] = await Promise.all([
      batchSettlementPass(runtime, "instance-a", settings),
      batchSettlementPass(runtime, "instance-b", settings),
    ]);
    const ran = [a.claim, b.claim].filter(Boolean);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ claims: 1, vouchers: 1 });
    expect((await escrowChannel(channelId))?.totalClaimedAtomic).toBe(7n * PRICE);
    expect((await localBalance(LOCAL_PAY_TO)) - payToBefore).toBe(7n * PRICE);
    expect(escrowBefore - (await localBalance(ESCROW_ADDRESS))).toBe(7n * PRICE);
    expect((await runtime.batch!.getStorage().get(channelId))?.totalClaimed).toBe("7000");

    // The same claim again, straight to the facilitator (as a second instance whose lease ran out would
    // send it): the escrow refuses a claim that does not raise the channel's total; nothing moves.
    const stored = (await runtime.batch!.getStorage().get(channelId))!;
    const requirements = decodePaymentRequiredHeader(await challengeHeader()).accepts[1]!;
    const claimAgain = (totalClaimed: string) =>
      runtime.facilitator.settle(
        {
          x402Version: 2,
          accepted: requirements,
          payload: {
            type: "claim",
            claims: [
              {
                voucher: { channel: stored.channelConfig, maxClaimableAmount: stored.signedMaxClaimable },
                signature: stored.signature,
                totalClaimed,
              },
            ],
          },
        } as never,
        requirements,
      );
    expect(await claimAgain("7000")).toMatchObject({
      success: false,
      errorReason: "invalid_batch_settlement_evm_claim_simulation_failed",
    });
    // Nor more than the voucher signed.
    expect(await claimAgain("8000")).toMatchObject({ success: false });
    expect((await escrowChannel(channelId))?.totalClaimedAtomic).toBe(7n * PRICE);
    expect((await localBalance(LOCAL_PAY_TO)) - payToBefore).toBe(7n * PRICE);

    // A job another instance holds (its lease has not run out) is not run here, due or not.
    await dueNow();
    expect(await leaseBatchJob("claim", "holder", 60_000)).toBe(true);
    expect((await batchSettlementPass(runtime, "instance-a", settings)).claim).toBeUndefined();
    await finishBatchJob("claim", "holder", 0, {});

    // Nothing new: the next run claims nothing and settles nothing.
    await dueNow();
    expect((await batchSettlementPass(runtime, "instance-a", settings)).claim).toEqual({ claims: 0, vouchers: 0 });

    // Two more vouchers, then the channel goes idle: the refund claims them and returns the rest.
    await pay(agent, 2);
    await dueNow();
    const refund = await batchSettlementPass(runtime, "instance-b", { ...settings, refundIdleSeconds: 0 });
    expect(refund.refund).toMatchObject({ refunds: expect.any(Number) });
    expect(refund.refund).not.toHaveProperty("failed");
    expect(await agent.balance()).toBe(1_000_000n - 9n * PRICE);
    expect((await escrowChannel(channelId))?.balanceAtomic).toBe(9n * PRICE);
    expect((await escrowChannel(channelId))?.totalClaimedAtomic).toBe(9n * PRICE);
    expect(await runtime.batch!.getStorage().get(channelId)).toBeUndefined();
  });
});

describe("the channel store", () => {
  it("serialises concurrent read-modify-writes of one channel (no lost update), as the library requires", async () => {
    const storage = runtime.batch!.getStorage();
    const id = `0x${"ab".repeat(32)}`;
    const base = { channelId: id, chargedCumulativeAmount: "0" } as never;
    await Promise.all(
      Array.from({ length: 40 }, () =>
        storage.updateChannel(id, (current) => {
          const c = (current ?? base) as { chargedCumulativeAmount: string };
          return { ...c, chargedCumulativeAmount: String(Number(c.chargedCumulativeAmount) + 1) } as never;
        }),
      ),
    );
    expect((await storage.get(id))?.chargedCumulativeAmount).toBe("40");
    expect((await storage.updateChannel(id, () => undefined)).status).toBe("deleted");
    expect(await storage.get(id)).toBeUndefined();
  });
});
