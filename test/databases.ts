// Fresh databases copied from the run's templates (CREATE DATABASE ... TEMPLATE is fast).
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { withClient } from "../scripts/lib/embedded-postgres";

export type TemplateKind = "empty" | "seeded";

export async function createTestDatabase(kind: TemplateKind = "seeded"): Promise<string> {
  const admin = inject("pgAdminUrl");
  // Named after the run (global-setup.ts drops them from a server the run did not start).
  const prefix = inject("pgTemplatePrefix");
  const name = `${prefix}_t_${kind}_${randomBytes(6).toString("hex")}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${prefix}_${kind}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
