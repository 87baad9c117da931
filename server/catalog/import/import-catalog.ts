// Imports a catalog snapshot: our service records or an x402 Bazaar discovery list. The whole file
// is checked (shape, then every field, then conflicts with the catalog) before anything is kept,
// and written in one transaction; then search documents, BM25 postings and embeddings are brought up
// to date and the catalog version is bumped so every process reloads its caches.
import { z } from "zod";
import { db } from "../../db";
import type { Issue } from "../../errors";
import { observerModeFromEnv, routableProviderUrl } from "../../observe/offer-policy";
import { isSandboxUrl } from "../../sandbox-address";
import { indexCatalog, searchIndexCurrent } from "../search-index";
import { bazaarDocument, documentFormat, recordDocument } from "./catalog-document";
import { fromBazaar } from "./from-bazaar";
import { fromRecords } from "./from-records";
import { guardDocument, invalidCatalog, parseCatalogText } from "./guard-document";
import type { ImportOptions, ImportService, ImportSummary } from "./import-types";
import { formatIssuePath } from "./issue-path";
import { writeCatalog } from "./write-catalog";

export type { ImportOptions, ImportSummary } from "./import-types";

const MAX_ISSUES = 100;

/** The file was written (committed), then bringing the search index and embeddings up to date
 * failed: the catalog changed, so "nothing was imported" would be false. The written services'
 * search documents are cleared in the write, so the index reads as not current until rebuilt: the
 * next import (even of the same, now unchanged, file) or the app's start-up rebuilds it. */
export class CatalogIndexingError extends Error {
  constructor(
    readonly written: { created: number; updated: number },
    cause: unknown,
  ) {
    super(
      `The catalog was written (${written.created} services created, ${written.updated} updated), but updating the search index and embeddings failed: ${(cause as Error)?.message ?? String(cause)}. Run the import again (or restart the app) to finish the index.`,
      { cause },
    );
    this.name = "CatalogIndexingError";
  }
}

const optionsSchema = z.object({
  source: z
    .string()
    .max(2000)
    .regex(/^[a-z][a-z0-9+.-]*:\S+$/i, "A URI, e.g. https://example.com/catalog.json")
    .optional(),
  observedAt: z
    .date()
    .refine((d) => Number.isFinite(d.getTime()), "A valid date.")
    .optional(),
  testMode: z.boolean().optional(),
});

function fail(issues: Issue[]): never {
  const shown = issues.slice(0, MAX_ISSUES);
  if (issues.length > MAX_ISSUES)
    shown.push({ path: "(document)", message: `${issues.length - MAX_ISSUES} more issues not shown.` });
  throw invalidCatalog(shown);
}

function parse<T>(schema: z.ZodType<T>, document: unknown): T {
  const parsed = schema.safeParse(document);
  if (!parsed.success) fail(parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message })));
  return parsed.data;
}

/** Ids, slugs and offer ids must each name one thing in the file. */
function findDuplicates(services: ImportService[], issues: Issue[]): void {
  const first = new Map<string, string>();
  const once = (kind: string, value: string, at: string) => {
    const key = `${kind}\u0000${value}`;
    const seen = first.get(key);
    if (seen) issues.push({ path: at, message: `Duplicate ${kind} ${value}: also ${seen}.` });
    else first.set(key, at);
  };
  for (const s of services) {
    once("service id", s.id, `${s.at}.id`);
    once("slug", s.slug, `${s.at}.slug`);
    for (const o of s.offers) once("offer id", o.id, `${o.at}.id`);
  }
}

/** Offers the observer could never call are refused (the observer's own policy): private and
 * link-local addresses always, loopback unless the file is imported in test mode. */
function findUnroutable(services: ImportService[], testMode: boolean, issues: Issue[]): void {
  const mode = { ...observerModeFromEnv(), testMode: false, localPayments: testMode };
  for (const s of services) {
    for (const o of s.offers) {
      const verdict = routableProviderUrl(
        {
          providerUrl: o.providerUrl,
          path: o.path,
          testMode,
          sandbox: isSandboxUrl(o.providerUrl, mode.sandboxOrigin),
        },
        mode,
      );
      if (!verdict.ok)
        issues.push({
          path: o.at.startsWith("items[") ? `${o.at}.resource` : `${o.at}.providerUrl`,
          message: verdict.reason,
        });
    }
  }
}

/**
 * `document`: a parsed JSON value, or JSON text (size and nesting are checked before parsing).
 * Throws AppError("invalid_request") with issues naming the file's paths when anything is wrong;
 * then nothing was written.
 */
export async function importCatalog(document: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const {
    source,
    observedAt,
    testMode = false,
  } = parse(optionsSchema, { source: options.source, observedAt: options.observedAt, testMode: options.testMode });
  const opts = { ...options, source, observedAt, testMode };
  const value = typeof document === "string" ? parseCatalogText(document) : document;
  guardDocument(value);

  const issues: Issue[] = [];
  const now = new Date();
  const format = documentFormat(value);
  let services: ImportService[];
  let ignoredTestResults = 0;
  if (format === "bazaar") {
    services = fromBazaar(parse(bazaarDocument(testMode), value).items, opts, issues, now);
  } else {
    const at = Array.isArray(value)
      ? (i: number) => `[${i}].service`
      : value && typeof value === "object" && "services" in value
        ? (i: number) => `services[${i}]`
        : () => "service";
    const records = parse(recordDocument(value, testMode), value);
    ignoredTestResults = records.filter(
      (r) => (r.testStatus !== undefined && r.testStatus !== "untested") || (r.testedAt ?? null) !== null,
    ).length;
    services = fromRecords(records, at, opts, issues, now);
  }
  findDuplicates(services, issues);
  findUnroutable(services, testMode, issues);
  if (issues.length > 0) fail(issues);

  const written = await writeCatalog(services, testMode, options.onProgress);
  const changed = written.created + written.updated;
  // Also after an unchanged file when an earlier import's indexing never finished (its services'
  // search documents are still cleared): otherwise nothing would ever rebuild them.
  let embeddingsComputed = 0;
  if (changed > 0 || !(await searchIndexCurrent(db))) {
    if (changed > 0) options.onIndexing?.(changed);
    try {
      embeddingsComputed = (await indexCatalog(db)).embedded;
    } catch (err) {
      throw new CatalogIndexingError(written, err);
    }
  }
  return {
    format,
    services: services.length,
    ...written,
    offers: services.reduce((n, s) => n + s.offers.length, 0),
    ignoredTestResults,
    embeddingsComputed,
    durationMs: Math.round(performance.now() - started),
  };
}
