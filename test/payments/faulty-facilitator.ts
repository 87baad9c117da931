// An x402 facilitator on loopback (GET /supported, POST /verify, POST /settle) backed by the
// local ledger, which a test can tell to fail: go down, answer 500, or hang after settling.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";

export type VerifyFault = "none" | "500" | "400-invalid";
export type SettleFault = "none" | "500" | "hang-after-settle" | "fail-after-settle" | "refuse";

export interface FaultyFacilitator {
  url: string;
  verifyFault: VerifyFault;
  settleFault: SettleFault;
  /** Milliseconds a hanging answer waits (longer than the client's timeout). */
  hangMs: number;
  calls: { verify: number; settle: number };
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** `port`: listen there (a test that must name the URL in env before server/env.ts loads picks it first). */
export async function startFaultyFacilitator(options: { port?: number } = {}): Promise<FaultyFacilitator> {
  const local = createLocalFacilitator();
  const state: FaultyFacilitator = {
    url: "",
    verifyFault: "none",
    settleFault: "none",
    hangMs: 2500,
    calls: { verify: 0, settle: 0 },
    down,
    up,
    close: down,
  };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
    if (req.url === "/supported") return send(res, 200, await local.getSupported());
    if (req.url === "/verify") {
      state.calls.verify++;
      if (state.verifyFault === "500") return send(res, 500, { error: "internal error" });
      // Some facilitators answer a refused payment with an error status and the verdict in the body.
      if (state.verifyFault === "400-invalid")
        return send(res, 400, {
          isValid: false,
          invalidReason: "invalid_exact_evm_signature",
          payer: body.paymentPayload?.payload?.authorization?.from,
        });
      return send(res, 200, await local.verify(body.paymentPayload, body.paymentRequirements));
    }
    if (req.url === "/settle") {
      state.calls.settle++;
      if (state.settleFault === "500") return send(res, 500, { error: "internal error" });
      // Refused before anything is submitted (e.g. the balance was spent since verification).
      if (state.settleFault === "refuse") {
        const payer = body.paymentPayload?.payload?.authorization?.from;
        return send(res, 200, {
          success: false,
          errorReason: "invalid_exact_evm_insufficient_balance",
          transaction: "",
          network: body.paymentRequirements?.network,
          payer,
        });
      }
      const result = await local.settle(body.paymentPayload, body.paymentRequirements);
      if (state.settleFault === "hang-after-settle") await new Promise((r) => setTimeout(r, state.hangMs));
      // The transfer went through, but the facilitator reports a failure (a receipt it could not read).
      if (state.settleFault === "fail-after-settle")
        return send(res, 200, {
          success: false,
          errorReason: "invalid_exact_evm_transaction_failed",
          transaction: "",
          network: result.network,
          payer: result.payer,
        });
      return send(res, 200, result);
    }
    send(res, 404, { error: "not found" });
  };
  let server: http.Server | undefined;
  let port = options.port ?? 0;
  async function up() {
    server = http.createServer((req, res) => void handler(req, res).catch(() => send(res, 500, { error: "crashed" })));
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    state.url = `http://127.0.0.1:${port}`;
  }
  async function down() {
    const s = server;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await up();
  return state;
}
