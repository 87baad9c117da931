// MPP configuration is read at start-up (server/env.ts): what is offered follows MPP_METHODS, and a
// method that cannot be offered stops the process with a message naming the setting, never a silent drop.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

// A fresh process that loads the configuration and prints what MPP offers.
async function start(vars: Record<string, string>): Promise<{ ok: true; out: string } | { ok: false; err: string }> {
  const script = 'const { mppConfigFromEnv } = await import("./server/payments/mpp/mpp-config.ts"); console.log(JSON.stringify(mppConfigFromEnv()));';
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", BASE_URL: "https://shop.example", ...vars },
      timeout: 60_000,
    });
    return { ok: true, out: stdout.trim() };
  } catch (err) {
    return { ok: false, err: String((err as { stderr?: string }).stderr ?? err) };
  }
}

describe("MPP_METHODS", () => {
  it("defaults to evm, realm the public host; MPP_REALM and an empty list are honoured", async () => {
    const [byDefault, realm, off] = await Promise.all([start({}), start({ MPP_REALM: "pay.shop.example" }), start({ MPP_METHODS: "" })]);
    expect(byDefault).toEqual({ ok: true, out: JSON.stringify({ methods: ["evm"], realm: "shop.example" }) });
    expect(realm).toEqual({ ok: true, out: JSON.stringify({ methods: ["evm"], realm: "pay.shop.example" }) });
    expect(off).toEqual({ ok: true, out: JSON.stringify({ methods: [], realm: "shop.example" }) });
  }, 90_000);

  it("a method that cannot be offered, an unknown one, a duplicate or a bad realm stops the start, naming the setting", async () => {
    const [tempo, stripe, unknown, twice, realm] = await Promise.all([
      start({ MPP_METHODS: "evm,tempo" }),
      start({ MPP_METHODS: "stripe" }),
      start({ MPP_METHODS: "evm, lightning" }),
      start({ MPP_METHODS: "evm,evm" }),
      start({ MPP_REALM: "has spaces" }),
    ]);
    for (const r of [tempo, stripe, unknown, twice, realm]) expect(r.ok).toBe(false);
    expect(tempo.ok || tempo.err).toMatch(/Invalid configuration:[\s\S]*MPP_METHODS: tempo is not offered/);
    expect(stripe.ok || stripe.err).toMatch(/MPP_METHODS: stripe is not offered/);
    expect(unknown.ok || unknown.err).toMatch(/MPP_METHODS: unknown method "lightning"/);
    expect(twice.ok || twice.err).toMatch(/MPP_METHODS: a method may be listed once/);
    expect(realm.ok || realm.err).toMatch(/MPP_REALM: printable ASCII/);
  }, 90_000);
});
