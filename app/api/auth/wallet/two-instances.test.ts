// Two app instances (separate processes, separate memory) on one database: a nonce is spent in
// PostgreSQL, so one signed payload sent to both at once, many times over, signs in exactly once.
import { spawn, type ChildProcess } from "node:child_process";
import { createSIWxPayload, type CompleteSIWxInfo } from "@x402/extensions/sign-in-with-x";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletChallengeSchema } from "@/server/accounts/wallet-sign-in-schema";
import { db } from "@/server/db";
import { SITE } from "@/test/accounts/people";
import { POST as challenge } from "./challenge/route";

async function startInstance(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/accounts/wallet-token-server.ts"], {
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
  return { url: `http://127.0.0.1:${port}/api/auth/wallet/token`, child };
}

let instances: Awaited<ReturnType<typeof startInstance>>[] = [];
beforeAll(async () => {
  instances = await Promise.all([startInstance(), startInstance()]);
}, 60_000);
afterAll(() => {
  for (const i of instances) if (i.child.exitCode === null) i.child.kill("SIGKILL");
});

describe("two instances, one nonce", () => {
  it("ten rounds of one payload sent 5 times to each instance at once: one token per round", async () => {
    for (let round = 0; round < 10; round++) {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const res = await challenge(
        new Request(`${SITE}/api/auth/wallet/challenge`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ address: wallet.address }),
        }),
      );
      const { address: _a, ...info } = walletChallengeSchema.parse(await res.json()).payload;
      const payload = await createSIWxPayload(info as CompleteSIWxInfo, wallet, `${SITE}/api/auth/wallet/challenge`);
      const body = JSON.stringify({ payload });
      const answers = await Promise.all(
        instances.flatMap((i) =>
          Array.from({ length: 5 }, () =>
            fetch(i.url, { method: "POST", headers: { "content-type": "application/json" }, body }).then(async (r) => ({
              status: r.status,
              error: ((await r.json()) as { error?: string }).error,
            })),
          ),
        ),
      );
      expect(
        answers.filter((a) => a.status === 201),
        JSON.stringify(answers),
      ).toHaveLength(1);
      expect(answers.filter((a) => a.status === 401 && a.error === "wallet_sign_in_invalid")).toHaveLength(9);
      expect(await db.marketplaceToken.count({ where: { walletAddress: wallet.address } })).toBe(1);
    }
  });
});
