// Next.js 16 runs this (the former middleware) on the Node.js runtime before every route: see
// server/proxy/handle-request.ts for what it refuses, when it answers 503, and the headers it sets.
import type { NextRequest } from "next/server";
import { databaseGate } from "./server/proxy/database-gate";
import { handleRequest } from "./server/proxy/handle-request";

export function proxy(request: NextRequest): Promise<Response> {
  return handleRequest(request, databaseGate);
}
