// Fresh databases copied from the run's templates (CREATE DATABASE ... TEMPLATE is fast).
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { withClient } from "../scripts/lib/embedded-postgres";

export type TemplateKind = "empty" | "seeded";

export async function createTestDatabase(kind: TemplateKind = "seeded"): Promise<string> {
  const admin = inject("pgAdminUrl");
  const name = `t_${kind}_${randomBytes(6).toString("hex")}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE tmpl_${kind}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
