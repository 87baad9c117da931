// The only reader of process.env: every setting the marketplace understands, validated once.
// README.md lists the same variables.
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // External PostgreSQL. When unset, `npm start` runs an embedded cluster and sets it for the app.
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // Connections of this instance's one pool (at least 2: purchase locks may hold at most half).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  // Longest wait for a free connection before a request is answered "busy" (503 server_busy).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60000).default(3000),
  PORT: port.default(3000),
  // Public base URL used in links (callUrl, profileUrl, 402 bodies). Defaults to http://localhost:PORT.
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Where the embedded PostgreSQL keeps its cluster (DATA_DIR/postgres).
  DATA_DIR: z.string().min(1).default(".data"),
  EMBEDDED_PG_PORT: port.default(54329),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // x402 payments (decisions.md §3, §11). "false" switches paid products off (503 payment_unconfigured).
  X402_ENABLED: z.enum(["true", "false"]).default("true"),
  // Address that receives payments. Defaults to the local ledger's marketplace address when the
  // local facilitator is in use; required with X402_FACILITATOR_URL (else 503 payment_unconfigured).
  X402_PAY_TO: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex digits)").optional(),
  // An x402 facilitator (POST /verify, /settle). When unset, the local ledger facilitator is used.
  X402_FACILITATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Bound on each facilitator call; a settle that exceeds it is reconciled later.
  X402_FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(15000),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env = load();

export const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
