// A paid purchase under the official tracing SDK (tracing.ts, with its in-memory span exporter) and
// its log lines: the purchase span is a child of the request's span (which continues the client's
// traceparent, as Next.js's request span does through the SDK's propagator), every phase is a child
// of the purchase, the facilitator's calls are children of their phases, no span attribute holds a
// secret; and the purchase's story is told at info level, one line per step, replay included.
import { context, propagation, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "@/server/logger";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { describe402, shortlistBody } from "@/test/payments/shop";
import { createTestAgent } from "@/test/payments/agent";
import { shopRoute } from "@/test/shop-route";
import { secretShapesIn } from "./log-secrets";
import { startTracing, stopTracing } from "./tracing";

const exporter = new InMemorySpanExporter();
const TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
const TRACEPARENT = `00-${TRACE_ID}-b7ad6b7169203331-01`;

beforeAll(() => {
  startTracing({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
});
afterAll(() => stopTracing());

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const named = (spans: ReadableSpan[], name: string) => spans.filter((s) => s.name === name);

/** A POST of the shortlist as a request Next.js would serve: inside a request span that continues `traceparent`. */
async function postInRequestSpan(headers: Record<string, string>, body: unknown, traceparent = TRACEPARENT) {
  const incoming = propagation.extract(ROOT_CONTEXT, { traceparent });
  const tracer = trace.getTracer("test-request");
  return context.with(incoming, () =>
    tracer.startActiveSpan("POST /api/shop/shortlist", async (span) => {
      try {
        const res = await shopRoute("shortlist").POST(
          new Request("http://marketplace.test/api/shop/shortlist", {
            method: "POST",
            headers: { "content-type": "application/json", ...headers },
            body: JSON.stringify(body),
          }),
        );
        return { res, text: await res.text(), requestSpan: span.spanContext().spanId };
      } finally {
        span.end();
      }
    }),
  );
}

describe("a purchase's trace and log lines", () => {
  it("has the phase spans under the purchase under the request, in the client's trace, with no secret", async () => {
    const info = vi.spyOn(logger, "info");
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign((await describe402(paymentRuntime())).headers["payment-required"]!);
    exporter.reset();
    const { res, text, requestSpan } = await postInRequestSpan({ "payment-signature": signature }, body);
    expect(res.status, text).toBe(200);

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === TRACE_ID);
    const [purchase] = named(spans, "purchase");
    expect(purchase).toBeDefined();
    expect(parentOf(purchase!)).toBe(requestSpan);
    expect(named(spans, "POST /api/shop/shortlist")[0]!.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    const purchaseId = purchase!.attributes["purchase.id"];
    expect(purchase!.attributes).toMatchObject({ "purchase.product": "shortlist", "purchase.method": "x402-exact" });
    expect(purchaseId).toEqual(expect.any(String));

    const phases = [
      "parse",
      "decode",
      "lookup",
      "admit",
      "verify",
      "claim",
      "mark-settling",
      "settle",
      "receipt",
      "mark-settled",
      "fulfil",
      "store",
    ];
    for (const phase of phases) {
      const found = named(spans, `purchase.${phase}`);
      expect(found, phase).toHaveLength(1);
      expect(parentOf(found[0]!), phase).toBe(purchase!.spanContext().spanId);
    }
    const verify = named(spans, "purchase.verify")[0]!;
    const settle = named(spans, "purchase.settle")[0]!;
    expect(named(spans, "facilitator.verify").map(parentOf)).toEqual([verify.spanContext().spanId]);
    expect(named(spans, "facilitator.settle").map(parentOf)).toEqual([settle.spanContext().spanId]);

    // No attribute of any span (ours, pg's) carries the signature or anything shaped like a secret.
    for (const span of exporter.getFinishedSpans()) {
      const attributes = JSON.stringify(span.attributes);
      expect(attributes, span.name).not.toContain(signature);
      expect(attributes, span.name).not.toContain(signature.slice(20, 60));
      expect(secretShapesIn(attributes), span.name).toEqual([]);
    }

    // The story: claimed, verified, settled, fulfilled, each with the purchase, product and method.
    const story = info.mock.calls.filter(([, msg]) => typeof msg === "string" && msg.startsWith("purchase "));
    expect(story.map(([, msg]) => msg)).toEqual([
      "purchase claimed",
      "purchase verified",
      "purchase settled",
      "purchase fulfilled",
    ]);
    for (const [fields] of story)
      expect(fields).toMatchObject({ purchase: purchaseId, product: "shortlist", method: "x402-exact" });
    for (const [fields] of story) expect(JSON.stringify(fields)).not.toContain(signature);

    // A replay is one more line; another signature on the same key is a refusal with its code.
    info.mockClear();
    const replay = await postInRequestSpan({ "payment-signature": signature }, body);
    expect(replay.res.status).toBe(200);
    const other = await agent.sign((await describe402(paymentRuntime())).headers["payment-required"]!);
    const refused = await postInRequestSpan({ "payment-signature": other }, body);
    expect(refused.res.status).toBe(409);
    const more = info.mock.calls.filter(([, msg]) => typeof msg === "string" && msg.startsWith("purchase "));
    expect(more).toEqual([
      [{ purchase: purchaseId, product: "shortlist", method: "x402-exact" }, "purchase replayed"],
      [
        { purchase: purchaseId, product: "shortlist", method: "x402-exact", reason: "idempotency_key_in_use" },
        "purchase refused",
      ],
    ]);
    info.mockRestore();
  });

  it("logs a refused payment with its reason code", async () => {
    const info = vi.spyOn(logger, "info");
    const poor = await createTestAgent(0);
    const signature = await poor.sign((await describe402(paymentRuntime())).headers["payment-required"]!);
    const { res } = await postInRequestSpan({ "payment-signature": signature }, shortlistBody());
    expect(res.status).toBe(402);
    const story = info.mock.calls.filter(([, msg]) => typeof msg === "string" && msg.startsWith("purchase "));
    expect(story.map(([, msg]) => msg)).toEqual(["purchase claimed", "purchase refused"]);
    expect(story[1]![0]).toMatchObject({ product: "shortlist", method: "x402-exact", reason: expect.any(String) });
    info.mockRestore();
  });
});
