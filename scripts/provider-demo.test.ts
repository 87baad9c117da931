// `npm run provider:demo` as a person runs it: a child process on this test file's database
// (DATABASE_URL), paying through the dev facilitator routes (served here on loopback as
// {BASE_URL}/api/dev/facilitator), registered in the catalog, stopped with Ctrl-C (SIGINT by PID).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { DEMO_OFFER_IDS, DEMO_SERVICE_SLUG } from "@/server/demo-provider/catalog-entry";
import { DEMO_PROVIDER_PAY_TO } from "@/server/demo-provider/start-demo-provider";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { startDevFacilitatorServer, type FacilitatorServer } from "@/test/payments/dev-facilitator-server";
import { freePort } from "@/test/free-port";
import { createTestAgent } from "@/test/payments/agent";

// Each run migrates and checks the catalog first (ensureDatabaseThenRun), several seconds apiece on a busy machine.
const SCRIPT_TEST_MS = 240_000;

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], baseUrl: string): Running {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/provider-demo.ts", ...args], {
    env: { ...process.env, BASE_URL: baseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return { child, output: () => out, exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))) };
}

async function waitFor(running: Running, text: string, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null) throw new Error(`exited ${running.child.exitCode}: ${running.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}": ${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(true));
  });

let facilitator: FacilitatorServer;
beforeAll(async () => {
  facilitator = await startDevFacilitatorServer();
});
afterAll(() => facilitator.close());

describe("npm run provider:demo", { timeout: SCRIPT_TEST_MS }, () => {
  it("serves paid products on --port through {BASE_URL}/api/dev/facilitator, registers local-demo-provider, prints the next steps, and stops on SIGINT", async () => {
    const port = await freePort();
    const running = start(["--port", String(port)], facilitator.origin);
    try {
      await waitFor(running, "Ctrl-C stops the provider.");
      const out = running.output();
      expect(out).toContain(`Demo provider listening on http://127.0.0.1:${port}`);
      expect(out).toContain(`payments settle through ${facilitator.url}`);
      expect(out).not.toContain("not answering now");
      expect(out).toContain(`${facilitator.origin}/api/x402/observe/${DEMO_OFFER_IDS.quote}?symbol=ACME`);
      expect(out).toContain("npm run -s token:create");
      expect(out).toContain(`${facilitator.origin}/api/dev/faucet`);

      const service = await db.service.findUniqueOrThrow({
        where: { slug: DEMO_SERVICE_SLUG },
        include: { offers: true },
      });
      expect(service.offers.map((o) => [o.id, o.providerUrl, o.testMode]).sort()).toEqual(
        [
          [DEMO_OFFER_IDS.quote, `http://127.0.0.1:${port}`, true],
          [DEMO_OFFER_IDS.summarize, `http://127.0.0.1:${port}`, true],
        ].sort(),
      );

      const url = `http://127.0.0.1:${port}/v1/quote?symbol=ACME`;
      const unpaid = await fetch(url);
      expect(unpaid.status).toBe(402);
      const agent = await createTestAgent(1);
      const before = await localBalance(DEMO_PROVIDER_PAY_TO);
      const paid = await fetch(url, {
        headers: { "payment-signature": await agent.sign(unpaid.headers.get("payment-required")!) },
      });
      expect(paid.status).toBe(200);
      expect((await paid.json()).result).toMatchObject({ symbol: "ACME" });
      expect((await localBalance(DEMO_PROVIDER_PAY_TO)) - before).toBe(1000n);
    } finally {
      running.child.kill("SIGINT");
    }
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain("Stopping the demo provider.");
    expect(await refusesConnections(port)).toBe(true);
  });

  it("a taken port or a bad --port is a clear error with exit code 1", async () => {
    const taken = start(["--port", new URL(facilitator.origin).port], facilitator.origin);
    expect(await taken.exited).toBe(1);
    expect(taken.output()).toContain("is in use: pick another with --port");
    const bad = start(["--port", "http"], facilitator.origin);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain("--port must be an integer from 0 to 65535.");
  });
});
