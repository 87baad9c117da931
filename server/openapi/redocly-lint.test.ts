// The generated document passes `redocly lint` with the recommended rules (and the one rule
// switched off in redocly.yaml, with its reason): zero errors, zero warnings. The CLI runs from
// node_modules offline, with telemetry and update notices off.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../http/openapi-document";

const run = promisify(execFile);

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

async function lint(document: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "openapi-lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document));
    const cli = path.resolve("node_modules/.bin/redocly");
    const config = path.resolve("server/openapi/redocly.yaml");
    // Exit code 1 when a problem is found: the JSON report is read either way.
    const { stdout } = await run(cli, ["lint", file, `--config=${config}`, "--format=json"], {
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: "off",
        REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
        NODE_ENV: "test",
        CI: "true",
      },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const summary = (problems: LintProblem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);

describe("redocly lint", () => {
  it("the document has no error and no warning under the recommended rules", { timeout: 180_000 }, async () => {
    expect(summary(await lint(buildOpenApiDocument("http://marketplace.test")))).toEqual([]);
  });

  it("is a real check: a broken document fails it", { timeout: 180_000 }, async () => {
    const broken = buildOpenApiDocument("http://marketplace.test");
    delete (broken.paths["/api/catalog/search"]!.get as { security?: unknown }).security;
    (broken.info as { license?: unknown }).license = undefined;
    const rules = (await lint(broken)).map((p) => p.ruleId);
    expect(rules).toEqual(expect.arrayContaining(["security-defined", "info-license"]));
  });
});
