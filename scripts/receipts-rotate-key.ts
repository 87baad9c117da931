// `npm run receipts:rotate-key`: retires the marketplace's active receipt-signing key and makes a new
// one. The retired key stays in /.well-known/did.json (with `revoked`), so receipts it signed still
// verify; every instance signs with the new key within a minute (server/receipts/receipt-keys.ts).
// Works on DATABASE_URL or the embedded database.
import { ensureDatabaseThenRun } from "./lib/with-database";

if (await ensureDatabaseThenRun("scripts/receipts-rotate-key.ts")) {
  const { closeDatabase } = await import("../server/db");
  const { rotateSigningKey } = await import("../server/receipts/receipt-keys");
  try {
    const kid = await rotateSigningKey();
    console.error("Receipts are signed with a new key from now on (instances pick it up within a minute):");
    console.log(kid);
  } finally {
    await closeDatabase();
  }
}
