// `npm run provider:demo [-- --port 4021]`: a small x402-paid provider on 127.0.0.1 that settles
// through the running marketplace's dev facilitator ({BASE_URL}/api/dev/facilitator), registered in
// its catalog as the service `local-demo-provider` with testMode offers, so a person can try the
// whole offline path: find an offer, call it through the observer, get a 402, pay, get the product.
// Works on DATABASE_URL or attaches to `npm start`'s embedded database. Ctrl-C stops it.
import { parseArgs } from "node:util";
import { env } from "../server/env";
import { ensureDatabaseThenRun } from "./lib/with-database";

const USAGE = "Usage: npm run provider:demo [-- --port <port, default 4021>]";
const DEFAULT_DEMO_PORT = 4021;

let args: { port?: string; help?: boolean };
try {
  args = parseArgs({ options: { port: { type: "string" }, help: { type: "boolean", short: "h" } } }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(1);
}
const port = args.port === undefined ? DEFAULT_DEMO_PORT : Number(args.port);
if (args.help || !Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(args.help ? USAGE : `--port must be an integer from 0 to 65535.\n${USAGE}`);
  process.exit(args.help ? 0 : 1);
}

// Without DATABASE_URL the work runs in a child process (ensureDatabaseThenRun): Ctrl-C reaches both,
// and this parent must outlive the child to stop an embedded cluster it may have started.
if (!env.DATABASE_URL) process.on("SIGINT", () => {});

if (await ensureDatabaseThenRun("scripts/provider-demo.ts")) {
  const { closeDatabase } = await import("../server/db");
  const { baseUrl } = await import("../server/env");
  const { startDemoProvider } = await import("../server/demo-provider/start-demo-provider");
  const { registerDemoService } = await import("../server/demo-provider/register-demo-service");
  const { demoCatalogRecord, DEMO_SERVICE_SLUG } = await import("../server/demo-provider/catalog-entry");
  const facilitatorUrl = `${baseUrl}/api/dev/facilitator`;

  let provider: Awaited<ReturnType<typeof startDemoProvider>>;
  try {
    provider = await startDemoProvider({ host: "127.0.0.1", port, facilitator: { url: facilitatorUrl } });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === "EADDRINUSE"
        ? `Port ${port} is in use: pick another with --port.`
        : `The demo provider could not start: ${(err as Error).message}`,
    );
    await closeDatabase();
    process.exit(1);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping the demo provider.");
    await provider.close();
    await closeDatabase();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());

  try {
    const summary = await registerDemoService(provider.url);
    console.log(
      `Registered service "${DEMO_SERVICE_SLUG}" (testMode offers) in the catalog: ${JSON.stringify(summary)}`,
    );
  } catch (err) {
    console.error(`Could not register the demo service in the catalog: ${(err as Error).message}`);
    await provider.close();
    await closeDatabase();
    process.exit(1);
  }

  // The marketplace need not be up yet; say so instead of failing every paid call silently.
  const facilitatorUp = await fetch(`${facilitatorUrl}/supported`, { signal: AbortSignal.timeout(3_000) }).then(
    (r) => r.ok,
    () => false,
  );
  const offers = demoCatalogRecord(provider.url).service.offers;
  console.log(`
Demo provider listening on ${provider.url}
  payments settle through ${facilitatorUrl}${facilitatorUp ? "" : "  (not answering now: start the marketplace with npm start, with no X402_FACILITATOR_URL)"}
  offers: ${offers.map((o) => `${o.method} ${o.path} ${o.priceLabel} -> ${o.callUrl}`).join("\n          ")}
  catalog: ${baseUrl}/api/catalog/services/${DEMO_SERVICE_SLUG}

Next:
  1. A marketplace token:   export MARKETPLACE_TOKEN=$(npm run -s token:create -- --name demo)
  2. Call an offer through the observer (answers 402 with PAYMENT-REQUIRED):
${offers[0]!.quickstart
  .split("\n")
  .map((l) => `       ${l}`)
  .join("\n")}
  3. Test funds for your payer address:
       curl -s -X POST '${baseUrl}/api/dev/faucet' -H 'Content-Type: application/json' -d '{"address":"0xYOUR_ADDRESS","amountUsd":1}'
  4. Pay with @x402/fetch: wrapFetchWithPayment(fetch, new x402Client().register("eip155:*", new ExactEvmScheme(account)))
     and call the same URL with the same headers: 402 -> paid -> 200 with the product and PAYMENT-RESPONSE.

Ctrl-C stops the provider.`);
}
