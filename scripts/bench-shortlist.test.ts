// `npm run bench:shortlist` end to end on a tiny synthetic catalog (BENCH_SIZES=500), in a
// database beside this test file's: every mode's p50/p95, the query embedding's own p50/p95, and
// the resident memory with where it goes. Timing figures are not judged here (busy machine).
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SEARCH_MODES } from "@/server/search/search-options";

describe("npm run bench:shortlist", () => {
  it("measures every mode, the query embedding and the memory on a 500-service catalog", async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-shortlist.ts"], {
          env: { ...process.env, BENCH_SIZES: "500", BENCH_RUNS: "3", LOG_LEVEL: "warn" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        let err = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (err += d.toString()));
        child.on("exit", (c) => resolve({ code: c, stdout: out, stderr: err }));
      },
    );
    expect(code, stderr.slice(-2000)).toBe(0);
    expect(stdout).toMatch(
      /500 services \(index load \d+ ms; resident memory \d+ MB after the run, peak \d+ MB; process at start \d+ MB, model \+-?\d+ MB, vector index \+-?\d+ MB; JS heap \d+ MB, external \d+ MB\)/,
    );
    for (const mode of SEARCH_MODES) expect(stdout).toMatch(new RegExp(`^${mode}\\s+\\d+\\.\\d\\s+\\d+\\.\\d$`, "m"));
    expect(stdout).toMatch(/query embedding alone: p50 \d+\.\d ms, p95 \d+\.\d ms/);
  }, 180_000);
});
