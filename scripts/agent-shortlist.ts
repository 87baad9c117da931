// `npm run agent:shortlist -- "<outcome>" [options]`: a demo buyer agent. It funds a key from
// the marketplace's test faucet, buys one software-vendor shortlist over x402 with the official
// client (@x402/fetch), and prints the ranked vendors and what it paid. It talks to the marketplace
// only over HTTP, as any outside agent would.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import type { PaymentRequirements } from "@x402/core/types";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const USAGE = `Usage: npm run agent:shortlist -- "<outcome>" [options]

  --condition "text"   a requirement the vendor must meet (repeatable)
  --prefer "text"      a requirement that is nice to have (repeatable)
  --search mode        all | exact | terms | semantic | hybrid (default: all)
  --limit n            1-5 vendors (default: 5)
  --base-url URL       marketplace (default: MARKETPLACE_URL or http://localhost:3000)
  --key 0x...          private key that pays (default: a fresh throwaway key)
  --fund usd           test USDC to request from the faucet first (default: 1)
  --help`;

const SEARCH_MODES = ["all", "exact", "terms", "semantic", "hybrid"];
const USDC_DECIMALS = 6;

interface Condition {
  requirement: string;
  priority: "must" | "prefer";
}

interface Options {
  outcome: string;
  conditions: Condition[];
  search?: string;
  limit?: number;
  baseUrl: string;
  key?: `0x${string}`;
  fundUsd: number;
}

class UsageError extends Error {}

function parseOptions(argv: string[]): Options | "help" {
  const { values, positionals, tokens } = parseArgs({
    args: argv,
    allowPositionals: true,
    tokens: true,
    options: {
      condition: { type: "string", multiple: true },
      prefer: { type: "string", multiple: true },
      search: { type: "string" },
      limit: { type: "string" },
      "base-url": { type: "string" },
      key: { type: "string" },
      fund: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const outcome = positionals.join(" ").trim();
  if (outcome.length < 8) throw new UsageError("Describe the outcome you need in at least 8 characters.");
  // Keep conditions in command-line order, so their ids (c1, c2, ...) follow it.
  const conditions: Condition[] = [];
  for (const t of tokens) {
    if (t.kind === "option" && (t.name === "condition" || t.name === "prefer") && t.value) {
      conditions.push({ requirement: t.value, priority: t.name === "condition" ? "must" : "prefer" });
    }
  }
  if (values.search !== undefined && !SEARCH_MODES.includes(values.search))
    throw new UsageError(`--search must be one of ${SEARCH_MODES.join(", ")}.`);
  let limit: number | undefined;
  if (values.limit !== undefined) {
    limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 5)
      throw new UsageError("--limit must be a whole number from 1 to 5.");
  }
  if (values.key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(values.key))
    throw new UsageError("--key must be a private key: 0x followed by 64 hex digits.");
  const fundUsd = values.fund === undefined ? 1 : Number(values.fund);
  if (!Number.isFinite(fundUsd) || fundUsd < 0 || fundUsd > 1000)
    throw new UsageError("--fund must be an amount in USD from 0 to 1000.");
  const baseUrl = (values["base-url"] ?? process.env.MARKETPLACE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url is not a URL: ${baseUrl}`);
  }
  return {
    outcome,
    conditions,
    search: values.search,
    limit,
    baseUrl,
    key: values.key as `0x${string}` | undefined,
    fundUsd,
  };
}

// ---- output helpers -------------------------------------------------------------------------

const atomicToUsd = (atomic: bigint) => {
  const unit = 10n ** BigInt(USDC_DECIMALS);
  const frac = (atomic % unit).toString().padStart(USDC_DECIMALS, "0").replace(/0+$/, "");
  return `${atomic / unit}${frac ? `.${frac}` : ""}`;
};
const usdToAtomic = (usd: string) => {
  const [whole = "0", frac = ""] = usd.split(".");
  return (
    BigInt(whole) * 10n ** BigInt(USDC_DECIMALS) + BigInt((frac + "0".repeat(USDC_DECIMALS)).slice(0, USDC_DECIMALS))
  );
};

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

function table(head: string[], rows: string[][], maxWidths: number[]): string[] {
  const widths = head.map((h, i) =>
    Math.min(maxWidths[i] ?? 80, Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => clip(c, widths[i]!).padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(head), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(line)];
}

/** A bullet point wrapped at `width` characters, continuation lines aligned under its text. */
function bullet(marker: string, text: string, width = 96): string {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  const indent = " ".repeat(marker.length);
  return lines.map((l, i) => (i === 0 ? marker : indent) + l).join("\n");
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Bodies that are not JSON (an HTML error page from something else at that address) are cut short.
const pretty = (body: unknown) => (typeof body === "string" ? clip(body, 400) : JSON.stringify(body, null, 2));

// ---- the marketplace answers ----------------------------------------------------------------

interface Match {
  rank: number;
  service: { name: string; slug: string; profileUrl: string };
  score: number;
  fitReasons: string[];
  conditions: {
    id: string;
    requirement: string;
    priority: string;
    status: "met" | "unmet" | "unknown";
    evidence?: { text: string; source: string };
  }[];
  // reviewRating: the review average whatever the test status (`rating` is null while untested).
  reputation: {
    reviewRating: number | null;
    reviewCount: number;
    humanReviewedCount: number;
    lastReviewAt: string | null;
  };
  links: { profile: string };
}

interface ShortlistAnswer {
  ok: true;
  idempotentReplay: boolean;
  requestId: string;
  shortlist: {
    query: {
      outcome: string;
      conditions: { id: string; requirement: string; priority: string }[];
      search: string;
      limit: number;
    };
    matches: Match[];
    catalogObservedAt: string;
    generatedAt: string;
  };
}

function printShortlist(answer: ShortlistAnswer): void {
  const { query, matches } = answer.shortlist;
  console.log(
    `\nShortlist for: "${query.outcome}"  (search: ${query.search}, limit ${query.limit}, request ${answer.requestId})`,
  );
  for (const c of query.conditions) console.log(`  ${c.id} (${c.priority}): ${c.requirement}`);
  if (matches.length === 0) {
    console.log("\nNo vendor in the catalog fits this request (a must-condition that is unmet excludes a vendor).");
    return;
  }
  const symbol = { met: "✔ met", unmet: "✘ unmet", unknown: "? unknown" } as const;
  const rows = matches.map((m) => [
    String(m.rank),
    m.service.name,
    m.score.toFixed(3),
    m.conditions.length ? m.conditions.map((c) => `${c.id} ${symbol[c.status]}`).join(", ") : "—",
    m.reputation.reviewRating === null ? "no reviews" : `${m.reputation.reviewRating.toFixed(1)}/5`,
    `${m.reputation.reviewCount} (${m.reputation.humanReviewedCount} human)`,
    m.links.profile,
  ]);
  console.log("");
  for (const l of table(
    ["#", "Vendor", "Score", "Conditions", "Review average", "Reviews", "Profile"],
    rows,
    [2, 32, 5, 40, 9, 16, 80],
  ))
    console.log(l);
  console.log("\nWhy they fit:");
  for (const m of matches) {
    console.log(`  ${m.rank}. ${m.service.name}`);
    for (const reason of m.fitReasons.slice(0, 4)) console.log(bullet("     - ", reason));
    for (const c of m.conditions) {
      if (c.evidence) console.log(bullet("     · ", `${c.id} ${c.status}: ${c.evidence.text} (${c.evidence.source})`));
    }
  }
  console.log(`\nCatalog observed ${answer.shortlist.catalogObservedAt}; generated ${answer.shortlist.generatedAt}.`);
}

function explainFailure(status: number, body: unknown, res: Response): void {
  const b = (typeof body === "object" && body ? body : {}) as {
    error?: string;
    code?: string;
    charged?: unknown;
    product?: { id?: string; price?: unknown };
  };
  console.error(`\nThe marketplace answered ${status}:`);
  // A 402 body repeats the whole product description; its error and price are what matter here.
  console.error(
    pretty(
      status === 402 && b.product ? { error: b.error, product: { id: b.product.id, price: b.product.price } } : body,
    ),
  );
  if (status === 402) {
    let reason = b.error;
    const header = res.headers.get("payment-required");
    if (header) {
      try {
        reason = decodePaymentRequiredHeader(header).error ?? reason;
      } catch {
        // keep the body's reason
      }
    }
    console.error(`\nThe payment was refused (${reason ?? "no reason given"}); nothing was charged.`);
    if (reason && /insufficient/.test(reason))
      console.error("The key has too little test USDC: fund it (--fund) or use another key.");
  } else if (status === 400 || status === 422) {
    console.error("\nThe request was rejected before any payment was verified; nothing was charged.");
  } else if (status === 409) {
    console.error("\nThis request id is in use (or still being processed); the new authorization was not charged.");
  } else if (status === 503) {
    if (b.charged === "unknown" || b.charged === true) {
      const retry = res.headers.get("retry-after");
      console.error(
        `\nThe payment may have been charged (${b.code}). The marketplace reconciles it: retrying the same body with the same PAYMENT-SIGNATURE${retry ? ` after ${retry} s` : ""} returns the shortlist (200), or a 402 if nothing was charged.`,
      );
    } else {
      console.error(
        `\nThe marketplace cannot take payments right now (${b.code ?? "unavailable"}); nothing was charged.`,
      );
    }
  }
}

// ---- main -----------------------------------------------------------------------------------

async function fund(baseUrl: string, address: string, amountUsd: number, ownKey: boolean): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/api/dev/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address, amountUsd }),
  });
  const body = await readJson(res);
  if (res.status === 404 && typeof body === "string") {
    throw new Error(
      `${baseUrl}/api/dev/faucet answered 404 with a page that is not JSON: is --base-url the marketplace's address?`,
    );
  }
  if (res.status === 404) {
    const msg =
      "The marketplace has no test faucet: it is not using the local facilitator, so payments settle for real and need a funded key.";
    if (!ownKey) throw new Error(`${msg} Pass --key with a key that holds USDC on the marketplace's network.`);
    console.log(`${msg} Going on with --key, assuming it is funded.`);
    return undefined;
  }
  if (!res.ok) throw new Error(`The faucet answered ${res.status}:\n${pretty(body)}`);
  const { creditedUsd, balanceUsd } = body as { creditedUsd: string; balanceUsd: string };
  console.log(`Faucet: credited ${creditedUsd} test USDC; balance ${balanceUsd} USDC.`);
  return balanceUsd;
}

async function main(): Promise<number> {
  let opts: Options | "help";
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (opts === "help") {
    console.log(USAGE);
    return 0;
  }
  const { baseUrl } = opts;
  const account = privateKeyToAccount(opts.key ?? generatePrivateKey());
  console.log(`Marketplace: ${baseUrl}`);
  console.log(`Paying from ${account.address}${opts.key ? "" : " (a fresh throwaway key)"}`);

  let balanceBefore: string | undefined;
  try {
    balanceBefore =
      opts.fundUsd > 0 ? await fund(baseUrl, account.address, opts.fundUsd, opts.key !== undefined) : undefined;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (err instanceof TypeError && cause) {
      // fetch itself failed: nothing listens there, or the address is wrong.
      console.error(
        `Cannot reach the marketplace at ${baseUrl} (${cause.code ?? cause.message}). Start it with \`npm start\`, or pass --base-url.`,
      );
    } else {
      console.error(err instanceof Error ? err.message : String(err));
    }
    return 1;
  }

  // The official x402 client: on a 402 it signs an EIP-3009 authorization for the offered
  // requirements and repeats the request with PAYMENT-SIGNATURE.
  let accepted: PaymentRequirements | undefined;
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
  client.onAfterPaymentCreation(async ({ paymentPayload }) => {
    accepted = paymentPayload.accepted;
  });
  const payingFetch = wrapFetchWithPayment(fetch, client);

  const body = {
    request_id: `agent-${randomUUID()}`,
    outcome: opts.outcome,
    ...(opts.conditions.length ? { conditions: opts.conditions } : {}),
    ...(opts.search ? { search: opts.search } : {}),
    ...(opts.limit ? { limit: opts.limit } : {}),
  };
  const started = performance.now();
  let res: Response;
  try {
    res = await payingFetch(`${baseUrl}/api/shop/shortlist`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    console.error(`The purchase did not go through: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const elapsed = performance.now() - started;
  const answer = await readJson(res);
  if (res.status !== 200) {
    explainFailure(res.status, answer, res);
    return 1;
  }

  printShortlist(answer as ShortlistAnswer);

  const header = res.headers.get("payment-response");
  console.log("\nPayment");
  if (accepted)
    console.log(
      `  amount:      ${atomicToUsd(BigInt(accepted.amount))} USD (${accepted.amount} atomic units of ${accepted.asset}) to ${accepted.payTo}`,
    );
  if (header) {
    const settled = decodePaymentResponseHeader(header);
    console.log(`  network:     ${settled.network}`);
    console.log(`  transaction: ${settled.transaction}`);
    console.log(`  payer:       ${settled.payer ?? account.address}`);
  } else {
    console.log("  (no PAYMENT-RESPONSE header in the answer)");
  }
  if (balanceBefore !== undefined && accepted) {
    const after = usdToAtomic(balanceBefore) - BigInt(accepted.amount);
    console.log(
      `  balance:     ${balanceBefore} USDC before, ${atomicToUsd(after)} USDC after (before minus the amount; the marketplace has no balance endpoint)`,
    );
  }
  console.log(`  round trip:  ${elapsed.toFixed(0)} ms (402 challenge, signing, paid request)`);
  return 0;
}

process.exit(await main());
