// One more app instance for the expiry test: its own process and connection pool on the test file's
// database (DATABASE_URL), running one expiry pass as the job in instrumentation.ts does. Prints
// "ready" once loaded, waits for a line on stdin, then prints the ids it expired as JSON.
import { createInterface } from "node:readline";
import { expireDueOrders } from "@/server/orders/order-expiry";

console.log("ready");
const lines = createInterface({ input: process.stdin });
for await (const _ of lines) break;
console.log(`expired ${JSON.stringify(await expireDueOrders())}`);
process.exit(0);
