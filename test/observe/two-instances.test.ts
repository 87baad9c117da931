// Two observer instances (separate processes, separate memory) on one database: the claim of a key
// lives in PostgreSQL, so concurrent duplicates split across both make one provider call, and a
// call completed on one is replayed by the other without calling the provider.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { startProvider, type TestProvider } from "./providers";
import { newKey, newToken, observerFixtures } from "./observer";

const { createOffer, observedRow } = observerFixtures(db);

interface Instance {
  url: string;
  child: ChildProcess;
}

async function startInstance(): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/observe/observer-server.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`instance exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/api/x402/observe/`, child };
}

let a: Instance;
let b: Instance;
let provider: TestProvider;
beforeAll(async () => {
  provider = await startProvider();
  [a, b] = await Promise.all([startInstance(), startInstance()]);
}, 60_000);
afterAll(async () => {
  for (const i of [a, b]) if (i && i.child.exitCode === null) i.child.kill("SIGKILL");
  await provider.close();
});

const call = (instance: Instance, offerId: string, token: string, key: string) =>
  fetch(`${instance.url}${offerId}`, { headers: { "x-marketplace-token": token, "idempotency-key": key } });

describe("two observer instances, one database", () => {
  it("40 concurrent duplicates split across both instances: one provider call; then replays from either", async () => {
    const { token, tokenId } = await newToken("two instances");
    // The provider answers after 2.5 s: every duplicate reaches an instance while the first call is in
    // flight, even on a loaded machine (at 400 ms, 14 of 40 once arrived after it had completed and
    // were, correctly, replays: the count below then no longer says what it means to).
    const offer = await createOffer({ providerUrl: provider.origin, path: "/slow?ms=2500", testMode: true });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i % 2 ? b : a, offer, token, key)));
    const statuses = answers.map((r) => r.status);
    expect(provider.hits("/slow")).toBe(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    const ok = answers.find((r) => r.status === 200)!;
    const body = await ok.text();
    for (const instance of [a, b, b, a]) {
      const replay = await call(instance, offer, token, key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(await replay.text()).toBe(body);
    }
    expect(provider.hits("/slow")).toBe(1);
    expect(await observedRow(tokenId, offer, key)).toMatchObject({ state: "completed", status: 200 });
  });
});
