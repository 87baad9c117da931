// The error table is the one place an error code and its status live: every code the code base
// throws or answers is in it (the types enforce it where a code is a parameter; this scan covers
// object literals too), no status literal stands beside a code, and each entry is well formed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_TABLE } from "./errors";
import { PURCHASE_REFUSAL_CODES, PURCHASE_UNAVAILABLE_CODES } from "./payments/purchase-reply";

// server/demo-provider and server/sandbox stand in for third-party x402 providers (npm run
// provider:demo, the seeded catalog's sandbox), with an error vocabulary and statuses of their own
// that the marketplace never answers; generated code is Prisma's.
const EXCLUDED = [
  path.join("server", "demo-provider"),
  path.join("server", "sandbox"),
  path.join("server", "generated"),
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (EXCLUDED.some((x) => file.startsWith(x))) return [];
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const FILES = [...sources("server"), ...sources("app"), ...sources("components"), "proxy.ts", "instrumentation.ts"];

// A code passed to the helpers that answer or throw one, or written as an answer's `error`/`code`.
const CODE_USES = [
  /\bnew AppError\(\s*"([a-z0-9_]+)"/g,
  /\b(?:refusal|unavailable|errorJson|errorAnswer|error)\(\s*"([a-z0-9_]+)"/g,
  /\b(?:error|code):\s*"([a-z0-9_]+)"/g,
];

function usedCodes(files: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    // The whole file at once: a call's arguments may stand on the lines after it (the formatter
    // breaks long calls). zod's own issue codes (`addIssue({ code: "custom" })`) are left out.
    const text = readFileSync(file, "utf8").replace(/addIssue\(\{[^}]*\}/g, "addIssue(");
    for (const pattern of CODE_USES)
      for (const m of text.matchAll(pattern)) found.set(m[1]!, [...(found.get(m[1]!) ?? []), file]);
  }
  return found;
}

describe("the error table", () => {
  it("has every code the code base throws or answers", () => {
    const used = usedCodes(FILES);
    expect(used.size).toBeGreaterThan(25);
    const missing = [...used.entries()]
      .filter(([code]) => !(code in ERROR_TABLE))
      .map(([code, files]) => `${code} (${[...new Set(files)].join(", ")})`);
    expect(missing).toEqual([]);
    // The scan sees the payment layer's codes, which used to live outside the table.
    for (const code of [
      "purchase_in_progress",
      "idempotency_key_mismatch",
      "idempotency_key_required",
      "settlement_unknown",
      "fulfilment_pending",
      "purchase_interrupted",
      "payment_unconfigured",
      "facilitator_unavailable",
    ]) {
      expect(used.has(code), code).toBe(true);
    }
  });

  it("no status literal stands beside a code: answers read it from the table", () => {
    const beside = FILES.filter((file) => file !== path.join("server", "errors.ts")).flatMap((file) =>
      // The whole file at once, as above: a status and a code may stand on consecutive lines.
      [...readFileSync(file, "utf8").matchAll(/\(\s*[1-5]\d\d\s*,\s*"[a-z_]+"|\bstatus:\s*[45]\d\d\b/g)].map(
        (m) => `${file}: ${m[0].replace(/\s+/g, " ")}`,
      ),
    );
    expect(beside).toEqual([]);
  });

  it("the payment layer answers only the codes it declares (the document lists those)", () => {
    const declared = new Set<string>([...PURCHASE_REFUSAL_CODES, ...PURCHASE_UNAVAILABLE_CODES]);
    // The purchase itself (flow, phases, replies); recovery, faucet and dev facilitator are routes of their own.
    const payments = FILES.filter(
      (f) => /^purchase-(?!recovery)/.test(path.basename(f)) && f.startsWith(path.join("server", "payments")),
    );
    expect(payments.map((f) => path.basename(f))).toEqual(
      expect.arrayContaining(["purchase-flow.ts", "purchase-phases.ts", "purchase-reply.ts"]),
    );
    // payment_ambiguous (both PAYMENT-SIGNATURE and `Authorization: Payment`) exists only for the
    // products sold over MPP too, whose operations document it (openapi/mpp-operations.ts).
    const mppOnly = ["payment_ambiguous"];
    for (const code of mppOnly)
      expect(readFileSync(path.join("server", "openapi", "mpp-operations.ts"), "utf8")).toContain(code);
    const answered = [...usedCodes(payments).keys()].filter(
      (code) => !declared.has(code) && !mppOnly.includes(code) && code !== "payment_required",
    );
    expect(answered).toEqual([]);
  });

  it("each entry: a 4xx or 5xx status, the tRPC code of that status, and a description", () => {
    for (const code of ERROR_CODES) {
      const { status, trpc, description } = ERROR_TABLE[code];
      expect(status >= 400 && status < 600, code).toBe(true);
      // tRPC has no 410 (observed_answer_expired, answered by the REST observer route only): NOT_FOUND stands in.
      expect(getHTTPStatusCodeFromError(new TRPCError({ code: trpc })), code).toBe(status === 410 ? 404 : status);
      expect(description.length, code).toBeGreaterThan(10);
      expect(description, code).toMatch(/[.)]$/);
      expect(code, code).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });
});
