// The log lines themselves: every line written while a request is handled carries its requestId,
// however deep in the service layer it is written, and no credential reaches a line, by field or
// inside a message or error.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { runWithRequestId } from "./observability/request-context";
import { secretShapesIn } from "./observability/log-secrets";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines, parsed: () => lines.map((l) => JSON.parse(l)) };
}

const SIGNATURE = `0x${"ab".repeat(65)}`;
const TOKEN = `apmt_${"A1b2_".repeat(8)}xyz`;
const ORDER_CREDENTIAL = `osa_${"Zq9-".repeat(10)}abc`;
const PAYMENT_HEADER = Buffer.from(
  JSON.stringify({ x402Version: 2, payload: { signature: SIGNATURE, authorization: { from: "0x1" } } }),
).toString("base64");
const MPP = `Payment ${Buffer.from(JSON.stringify({ challenge: { id: "c1" }, payload: { signature: "0xab" } })).toString("base64url")}`;
const COOKIE = "better-auth.session_token=abcdefghijklmnop.SIGNATURE123; other=1";
const STRIPE = "sk_test_51Habcdefghijklmnop";

describe("the logger", () => {
  it("puts the request's id on every line written in it, however deep the async work", async () => {
    const { logger, parsed } = capture();
    const service = async () => {
      await new Promise((r) => setTimeout(r, 5));
      await Promise.resolve().then(() => logger.info({ step: "deep" }, "service line"));
    };
    await Promise.all([
      runWithRequestId("req-a", async () => {
        logger.info("route line");
        await service();
      }),
      runWithRequestId("req-b", service),
    ]);
    logger.info("outside");
    const lines = parsed();
    expect(lines.filter((l) => l.requestId === "req-a").map((l) => l.msg)).toEqual(["route line", "service line"]);
    expect(lines.filter((l) => l.requestId === "req-b").map((l) => l.msg)).toEqual(["service line"]);
    expect(lines.find((l) => l.msg === "outside")).not.toHaveProperty("requestId");
  });

  it("redacts credentials by field: headers, passwords, tokens, signatures", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        request: {
          headers: {
            cookie: COOKIE,
            authorization: MPP,
            "payment-signature": PAYMENT_HEADER,
            "purchase-authorization": PAYMENT_HEADER,
            "x-marketplace-token": TOKEN,
            "user-agent": "test-agent",
          },
        },
        password: "pw-hunter2hunter",
        user: { password: "pw-other", token: TOKEN },
      },
      "incoming",
    );
    const line = lines[0]!;
    expect(line).toContain("test-agent");
    for (const secret of [COOKIE, MPP, PAYMENT_HEADER, TOKEN, "pw-hunter2hunter", "pw-other"])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line).request.headers.cookie).toBe("[redacted]");
  });

  it("scrubs credentials written into a message, an error or an unlisted field", () => {
    const { logger, lines } = capture();
    logger.warn({ err: new Error(`settle failed for ${SIGNATURE}`) }, `token ${TOKEN} used`);
    logger.info({ detail: `order ${ORDER_CREDENTIAL}`, header: PAYMENT_HEADER, cookie: COOKIE, key: STRIPE }, MPP);
    logger.info({ note: `Bearer ${ORDER_CREDENTIAL}` }, "status");
    for (const line of lines) {
      expect(secretShapesIn(line)).toEqual([]);
      for (const secret of [SIGNATURE, TOKEN, ORDER_CREDENTIAL, PAYMENT_HEADER, "abcdefghijklmnop", STRIPE])
        expect(line).not.toContain(secret);
    }
    expect(JSON.parse(lines[0]!).msg).toBe("token [redacted] used");
    // What is not a credential stays readable: an address, a transaction hash, a short prefix.
    logger.info({ payer: `0x${"1".repeat(40)}`, transaction: `0x${"f".repeat(64)}`, prefix: "apmt_abc123" }, "kept");
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      payer: `0x${"1".repeat(40)}`,
      transaction: `0x${"f".repeat(64)}`,
      prefix: "apmt_abc123",
    });
  });
});
