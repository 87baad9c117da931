// Next.js 16 runs this (the former middleware) on the Node.js runtime before every route but the
// static API routes (see `config`): server/proxy/handle-request.ts says what it refuses, when it
// answers 503, and the headers it sets.
import type { NextRequest } from "next/server";
import { databaseGate } from "./server/proxy/database-gate";
import { handleRequest } from "./server/proxy/handle-request";

export function proxy(request: NextRequest): Promise<Response> {
  return handleRequest(request, databaseGate);
}

// Every path except the static API routes and the paid products (app/api/shop/[product], one
// lowercase segment: nothing to decode), which next.config.mjs gives their security headers
// (must be a literal: Next.js reads it at build time; a test keeps it in step with next.config.mjs).
export const config = {
  matcher: [
    "/((?!api/(?:mcp|auth/wallet/(?:attach|challenge|token)|catalog/search|catalog/services|dev/facilitator/(?:settle|supported|verify)|dev/faucet|health|listings|ping|reviews|tokens|shop/[a-z][a-z0-9-]*)$|discovery/resources$).*)",
  ],
};
