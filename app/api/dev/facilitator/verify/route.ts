import { assertDevFacilitatorAvailable, devVerify, parseFacilitatorRequest } from "@/server/payments/facilitators/dev-facilitator";
import { parseJsonBody } from "@/server/input/json-body";
import { assertLoopbackCaller } from "@/server/http/client-address";
import { readBodyText } from "@/server/http/read-body";
import { json, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const POST = route(async (request: Request) => {
  assertDevFacilitatorAvailable();
  // Anyone holding a payer's signed, unsent authorization could settle it here: local callers only
  // (the demo provider, a resource server on this machine).
  assertLoopbackCaller(request.headers, "The dev facilitator");
  return json(await devVerify(parseFacilitatorRequest(parseJsonBody(await readBodyText(request)))));
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["POST"]);
