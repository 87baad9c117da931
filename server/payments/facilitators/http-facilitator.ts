// A remote x402 facilitator (X402_FACILITATOR_URL): POST /verify, POST /settle, GET /supported,
// each bounded by X402_FACILITATOR_TIMEOUT_MS.
import { HTTPFacilitatorClient, type FacilitatorClient } from "@x402/core/server";

export function createHttpFacilitator(url: string, timeoutMs: number): FacilitatorClient {
  return new HTTPFacilitatorClient({ url, timeoutMs });
}
