// `npm run token:create -- --name <name> [--email <owner>]`: creates a marketplace token for scripts
// and agents. The token alone goes to stdout, once (TOKEN=$(npm run -s token:create -- --name ci));
// what it is goes to stderr. With --email it acts for that person's account, without it for no one
// (an independent agent). Works on DATABASE_URL or the embedded database.
import { parseArgs } from "node:util";
import { ensureDatabaseThenRun } from "./lib/with-database";

const USAGE = "Usage: npm run token:create -- --name <name> [--email <owner email>]";
let args: { name?: string; email?: string; help?: boolean };
try {
  args = parseArgs({
    options: { name: { type: "string" }, email: { type: "string" }, help: { type: "boolean", short: "h" } },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(1);
}
if (args.help || !args.name) {
  console.error(USAGE);
  process.exit(args.help ? 0 : 1);
}

if (await ensureDatabaseThenRun("scripts/token-create.ts")) {
  const { closeDatabase } = await import("../server/db");
  const { findPersonByEmail } = await import("../server/accounts/find-person");
  const { createMarketplaceToken } = await import("../server/accounts/marketplace-tokens");
  const { z } = await import("zod");
  try {
    const owner = args.email === undefined ? null : await findPersonByEmail(args.email);
    if (args.email !== undefined && !owner) {
      console.error(
        `No account with the email "${args.email}". Sign up on the site first (or run npm run operator:create -- <email>).`,
      );
      process.exitCode = 1;
    } else {
      const { token, summary } = await createMarketplaceToken(owner?.id ?? null, args.name);
      console.error(
        `Created marketplace token "${summary.name}" (${summary.prefix}…) ${owner ? `for ${args.email}` : "with no owner"}. It is shown only now; send it as the X-Marketplace-Token header.`,
      );
      console.log(token);
    }
  } catch (err) {
    console.error(err instanceof z.ZodError ? err.issues.map((i) => i.message).join(" ") : err);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}
