// A bare HTTP server around the product purchase route handlers (the product named by the path, the shortlist by default),
// run as a child process by the crash and two-instance tests so it can be killed (SIGKILL) mid-purchase. Prints "listening <port>"
// when ready. `--reconcile` also runs the payment reconciler, as instrumentation.ts does in the app.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { shopRoute } from "@/test/shop-route";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { startReconciler } from "@/server/payments/reconciler";

const server = http.createServer(async (req, res) => {
  const { GET, POST } = shopRoute(/^\/api\/shop\/([a-z][a-z0-9-]*)/.exec(req.url ?? "")?.[1] ?? "shortlist");
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const response =
    req.method === "POST"
      ? await POST(new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }))
      : await GET(new Request(`http://127.0.0.1${req.url}`));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
if (process.argv.includes("--reconcile")) startReconciler(paymentRuntime());
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
