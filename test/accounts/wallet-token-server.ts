// A bare HTTP server around the wallet token route (no Next.js), run as a child process by the
// two-instance sign-in test: each process has its own memory, PostgreSQL is all they share. Prints
// "listening <port>" when ready.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST } from "@/app/api/auth/wallet/token/route";

const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const response = await POST(
    new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: new Uint8Array(Buffer.concat(chunks)) }),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
