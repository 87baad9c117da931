// What a provider's answer says about payment: x402 PAYMENT-RESPONSE (base64 or base64url JSON,
// `success: true`), MPP Payment-Receipt (`status: "success"`), only on a 2xx; anything malformed,
// oversized or unstorable leaves the field unknown and never fails the call.
import { describe, expect, it } from "vitest";
import { paymentOutcome } from "@/server/observe/payment-response";

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const payer = "0xAbCdEf0000000000000000000000000000000001";

describe("paymentOutcome", () => {
  it("reads payer, transaction and network from a successful PAYMENT-RESPONSE (EVM payer in lower case)", () => {
    for (const encode of [b64, b64url]) {
      expect(
        paymentOutcome(200, [
          ["payment-response", encode({ success: true, payer, transaction: "0xabc", network: "eip155:8453" })],
        ]),
      ).toEqual({ paid: true, payer: payer.toLowerCase(), transaction: "0xabc", network: "eip155:8453" });
    }
    // x402 v1 providers.
    expect(
      paymentOutcome(201, [["x-payment-response", b64({ success: true, payer: "SoLaNaPayer", transaction: "sig" })]]),
    ).toMatchObject({ paid: true, payer: "SoLaNaPayer" });
  });

  it("reads an MPP Payment-Receipt", () => {
    expect(
      paymentOutcome(200, [
        [
          "payment-receipt",
          b64url({ status: "success", method: "tempo", reference: "0xdef", timestamp: "2026-11-23T08:00:00Z" }),
        ],
      ]),
    ).toEqual({ paid: true, payer: null, transaction: "0xdef", network: "mpp:tempo" });
  });

  it("is not paid for a non-2xx answer, a failed settlement, or a malformed header", () => {
    const ok = b64({ success: true, payer, transaction: "0xabc", network: "eip155:8453" });
    expect(paymentOutcome(402, [["payment-response", ok]]).paid).toBe(false);
    expect(paymentOutcome(500, [["payment-response", ok]]).paid).toBe(false);
    expect(paymentOutcome(200, [["payment-response", b64({ success: false, errorReason: "x" })]]).paid).toBe(false);
    expect(paymentOutcome(200, [["payment-response", "%%%not base64"]]).paid).toBe(false);
    expect(paymentOutcome(200, [["payment-response", b64("a string")]]).paid).toBe(false);
    expect(paymentOutcome(200, [["payment-response", "A".repeat(20_000)]]).paid).toBe(false);
    expect(paymentOutcome(200, []).paid).toBe(false);
  });

  it("drops fields that cannot be stored or are too long, keeping the payment", () => {
    const out = paymentOutcome(200, [
      [
        "payment-response",
        b64({ success: true, payer: "bad\u0000payer", transaction: "x".repeat(300), network: "\ud800" }),
      ],
    ]);
    expect(out).toEqual({ paid: true, payer: null, transaction: null, network: null });
  });
});
