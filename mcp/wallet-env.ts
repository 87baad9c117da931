// The stdio server's settings (`npm run mcp`), validated once: a bad value is a clear message, never
// a half-started server that pays with the wrong key or without a cap.
import { z } from "zod";
import { usdAmount } from "./paid-options";

const usd = z.string().trim().pipe(usdAmount);

export const walletEnvSchema = z.object({
  MARKETPLACE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  MARKETPLACE_WALLET_KEY: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, "a private key (0x and 64 hex digits)")
    .transform((k) => k as `0x${string}`)
    .optional(),
  MARKETPLACE_TOKEN: z.string().trim().min(1).max(500).optional(),
  MCP_MAX_USD_PER_CALL: usd.default("0.10"),
  MCP_MAX_USD_PER_SESSION: usd.default("1.00"),
  // The most one batch-settlement channel deposit may hold; "0" pays every call with exact.
  MCP_MAX_USD_PER_DEPOSIT: usd.default("0"),
});
export type WalletEnv = z.infer<typeof walletEnvSchema>;

/** The settings, or the lines that say what is wrong (never echoing the key's value). */
export function readWalletEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: WalletEnv } | { ok: false; problems: string[] } {
  // An empty variable means unset (a config file with `MARKETPLACE_TOKEN=`).
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = walletEnvSchema.safeParse(present);
  if (parsed.success) return { ok: true, env: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
}
