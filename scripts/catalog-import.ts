// `npm run catalog:import -- <file> [--source <uri>] [--observed-at <iso>] [--test-mode]`: imports a
// catalog snapshot (our service records, or an x402 Bazaar discovery list) into the running
// marketplace's database (DATABASE_URL, or the embedded one of `npm start`), with a progress bar
// and a summary. A bad file prints its issues, exits 1 and changes nothing.
import { open } from "node:fs/promises";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { ensureDatabaseThenRun } from "./lib/with-database";
import { IMPORT_LIMITS } from "../server/catalog/import/limits";

const USAGE = "Usage: npm run catalog:import -- <file.json> [--source <uri>] [--observed-at <ISO 8601>] [--test-mode]";

let args: {
  values: { source?: string; "observed-at"?: string; "test-mode"?: boolean; help?: boolean };
  positionals: string[];
};
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      source: { type: "string" },
      "observed-at": { type: "string" },
      "test-mode": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(1);
}
const file = args.positionals[0];
if (args.values.help || !file || args.positionals.length > 1) {
  console.error(USAGE);
  process.exit(args.values.help ? 0 : 1);
}
const observedAt = args.values["observed-at"] === undefined ? undefined : new Date(args.values["observed-at"]);
if (observedAt && !Number.isFinite(observedAt.getTime())) {
  console.error(`--observed-at "${args.values["observed-at"]}" is not a date.\n${USAGE}`);
  process.exit(1);
}

/** The file's text, refusing what is not a regular file or is larger than an import takes (read no further). */
async function readCatalogFile(path: string): Promise<string> {
  const handle = await open(path, "r");
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error(`${path} is not a regular file.`);
    if (stat.size > IMPORT_LIMITS.maxFileBytes)
      throw new Error(
        `${path} has ${stat.size} bytes; at most ${IMPORT_LIMITS.maxFileBytes} are imported at once. Split it.`,
      );
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

let text: string;
try {
  text = await readCatalogFile(file);
} catch (err) {
  console.error(`Nothing was imported: ${(err as Error).message}`);
  process.exit(1);
}

if (await ensureDatabaseThenRun("scripts/catalog-import.ts")) {
  const { closeDatabase } = await import("../server/db");
  const { importCatalog, CatalogIndexingError } = await import("../server/catalog/import/import-catalog");
  const { AppError } = await import("../server/errors");
  const tty = process.stdout.isTTY === true;
  const bar = tty
    ? new SingleBar({ format: "Importing {bar} {value}/{total} services", hideCursor: true, clearOnComplete: true })
    : null;
  let lastLine = -1;
  const onProgress = (done: number, total: number) => {
    if (bar) {
      if (done === 1) bar.start(total, 0);
      bar.update(done);
      if (done === total) bar.stop();
      return;
    }
    // Without a terminal: a line per tenth, and the last.
    const tenth = Math.floor((done * 10) / total);
    if (tenth !== lastLine || done === total) {
      lastLine = tenth;
      console.log(`imported ${done}/${total} services`);
    }
  };
  try {
    const onIndexing = (changed: number) =>
      console.log(`Written. Updating the search index and the embeddings of ${changed} changed services…`);
    const s = await importCatalog(text, {
      source: args.values.source,
      observedAt,
      testMode: args.values["test-mode"] === true,
      onProgress,
      onIndexing,
    });
    console.log(
      `Imported ${file} (${s.format === "bazaar" ? "Bazaar discovery list" : "service records"}): ${s.services} services: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged; ` +
        `${s.offers} offers; ${s.embeddingsComputed} embeddings computed; ${(s.durationMs / 1000).toFixed(1)} s.`,
    );
    if (s.ignoredTestResults > 0)
      console.log(
        `Ignored the test results (testStatus, testedAt) the file gives for ${s.ignoredTestResults} service${s.ignoredTestResults === 1 ? "" : "s"}: only the marketplace's own tests set them (an existing service keeps its results; a new one starts untested).`,
      );
  } catch (err) {
    bar?.stop();
    if (err instanceof CatalogIndexingError) {
      // Written and committed: saying "nothing was imported" would be false.
      console.error(err.message);
    } else if (err instanceof AppError) {
      console.error(`Nothing was imported: ${err.message}`);
      for (const issue of err.issues ?? []) console.error(`  ${issue.path}: ${issue.message}`);
    } else {
      console.error("Nothing was imported:", err);
    }
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}
