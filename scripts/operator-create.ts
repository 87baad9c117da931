// `npm run operator:create -- <email>`: makes a marketplace operator. A new email gets an account
// with a generated one-time password, printed once; an existing person is promoted and keeps their
// password. Works on DATABASE_URL or the embedded database (started, or the one `npm start` runs).
import { ensureDatabaseThenRun } from "./lib/with-database";

const USAGE = "Usage: npm run operator:create -- <email>";
const email = process.argv[2];
if (!email || email.startsWith("-") || process.argv.length > 3) {
  console.error(USAGE);
  process.exit(email === "--help" || email === "-h" ? 0 : 1);
}

if (await ensureDatabaseThenRun("scripts/operator-create.ts")) {
  const { closeDatabase } = await import("../server/db");
  const { baseUrl, env } = await import("../server/env");
  const { servedBaseUrl } = await import("../server/accounts/served-base-url");
  const { AppError } = await import("../server/errors");
  const { createOrPromoteOperator } = await import("../server/accounts/operators");
  try {
    const outcome = await createOrPromoteOperator(email);
    // Without BASE_URL here, the address the running app was started with (else localhost:PORT).
    const site = env.BASE_URL ? baseUrl : ((await servedBaseUrl()) ?? baseUrl);
    if (outcome.action === "created") {
      console.log(`Created operator account ${outcome.email}.`);
      console.log(`One-time password (shown only now; sign in at ${site}/sign-in and change it on the account page):`);
      console.log(`  ${outcome.password}`);
    } else if (outcome.action === "promoted") {
      console.log(`Promoted ${outcome.email} to operator; their password is unchanged.`);
    } else {
      console.log(`${outcome.email} is already an operator; nothing changed.`);
    }
  } catch (err) {
    console.error(err instanceof AppError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}
