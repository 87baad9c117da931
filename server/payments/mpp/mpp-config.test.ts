// MPP configuration is read at start-up (server/env.ts): what is offered follows MPP_METHODS, and a
// method that cannot be offered stops the process with a message naming the setting, never a silent drop.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

// A fresh process that loads the configuration and prints what MPP offers.
async function start(vars: Record<string, string>): Promise<{ ok: true; out: string } | { ok: false; err: string }> {
  const script =
    'const { mppConfigFromEnv } = await import("./server/payments/mpp/mpp-config.ts"); console.log(JSON.stringify(mppConfigFromEnv()));';
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
    const [byDefault, realm, off] = await Promise.all([
      start({}),
      start({ MPP_REALM: "pay.shop.example" }),
      start({ MPP_METHODS: "" }),
    ]);
    expect(byDefault).toEqual({ ok: true, out: JSON.stringify({ methods: ["evm"], realm: "shop.example" }) });
    expect(realm).toEqual({ ok: true, out: JSON.stringify({ methods: ["evm"], realm: "pay.shop.example" }) });
    expect(off).toEqual({ ok: true, out: JSON.stringify({ methods: [], realm: "shop.example" }) });
  }, 90_000);

  it("stripe with its settings is offered (the secret key stays out of the configuration's JSON); without them the start stops naming each", async () => {
    const settings = { STRIPE_SECRET_KEY: "sk_test_abcdefgh12345678", MPP_STRIPE_NETWORK_ID: "profile_123" };
    const [full, types, missing, badKey] = await Promise.all([
      start({ MPP_METHODS: "evm,stripe", ...settings }),
      start({ MPP_METHODS: "stripe", MPP_STRIPE_PAYMENT_METHOD_TYPES: "card, link", ...settings }),
      start({ MPP_METHODS: "evm,stripe" }),
      start({ MPP_METHODS: "stripe", ...settings, STRIPE_SECRET_KEY: "pk_test_abcdefgh12345678" }),
    ]);
    expect(full.ok).toBe(true);
    const offered = JSON.parse((full as { out: string }).out);
    expect(offered).toMatchObject({
      methods: ["evm", "stripe"],
      realm: "shop.example",
      stripe: { networkId: "profile_123", paymentMethodTypes: ["card"] },
    });
    expect((full as { out: string }).out).not.toContain("sk_test");
    expect(JSON.parse((types as { out: string }).out)).toMatchObject({
      methods: ["stripe"],
      stripe: { paymentMethodTypes: ["card", "link"] },
    });
    expect(missing.ok).toBe(false);
    expect(missing.ok || missing.err).toMatch(/STRIPE_SECRET_KEY: required when MPP_METHODS lists stripe/);
    expect(missing.ok || missing.err).toMatch(/MPP_STRIPE_NETWORK_ID: required when MPP_METHODS lists stripe/);
    expect(badKey.ok || badKey.err).toMatch(/STRIPE_SECRET_KEY: a Stripe secret or restricted key/);
  }, 90_000);

  it("tempo with its settings is offered; without them, or with a bad one, the start stops naming each", async () => {
    const settings = {
      TEMPO_RPC_URL: "https://rpc.tempo.example",
      TEMPO_CHAIN_ID: "42431",
      MPP_TEMPO_RECIPIENT: "0x00000000000000000000000000000000000A11CE",
      MPP_TEMPO_TOKEN: "0x20c0000000000000000000000000000000000001",
    };
    const [full, missing, badAddress] = await Promise.all([
      start({ MPP_METHODS: "evm,tempo", ...settings, MPP_TEMPO_TOKEN_DECIMALS: "18" }),
      start({ MPP_METHODS: "evm,tempo" }),
      start({ MPP_METHODS: "tempo", ...settings, MPP_TEMPO_RECIPIENT: "alice" }),
    ]);
    expect(JSON.parse((full as { out: string }).out)).toEqual({
      methods: ["evm", "tempo"],
      realm: "shop.example",
      tempo: {
        chainId: 42431,
        token: settings.MPP_TEMPO_TOKEN,
        decimals: 18,
        recipient: settings.MPP_TEMPO_RECIPIENT.toLowerCase(),
      },
    });
    expect(missing.ok).toBe(false);
    for (const name of ["TEMPO_RPC_URL", "TEMPO_CHAIN_ID", "MPP_TEMPO_RECIPIENT", "MPP_TEMPO_TOKEN"]) {
      expect(missing.ok || missing.err).toMatch(new RegExp(`${name}: required when MPP_METHODS lists tempo`));
    }
    expect(badAddress.ok || badAddress.err).toMatch(/MPP_TEMPO_RECIPIENT: an address/);
  }, 90_000);

  it("an unknown method, a duplicate or a bad realm stops the start, naming the setting", async () => {
    const [unknown, twice, realm] = await Promise.all([
      start({ MPP_METHODS: "evm, lightning" }),
      start({ MPP_METHODS: "evm,evm" }),
      start({ MPP_REALM: "has spaces" }),
    ]);
    for (const r of [unknown, twice, realm]) expect(r.ok).toBe(false);
    expect(unknown.ok || unknown.err).toMatch(/MPP_METHODS: unknown method "lightning"/);
    expect(twice.ok || twice.err).toMatch(/MPP_METHODS: a method may be listed once/);
    expect(realm.ok || realm.err).toMatch(/MPP_REALM: printable ASCII/);
  }, 90_000);
});
