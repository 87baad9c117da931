import { AppError, toIssues } from "@/server/errors";
import { assertFaucetAvailable, creditTestFunds, faucetInputSchema } from "@/server/payments/facilitators/faucet";
import { parseJsonBody } from "@/server/input/json-body";
import { readBodyText } from "@/server/http/read-body";
import { json, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const POST = route(async (request: Request) => {
  assertFaucetAvailable();
  const input = faucetInputSchema.safeParse(parseJsonBody(await readBodyText(request)));
  if (!input.success) throw new AppError("invalid_request", "The request is not valid.", toIssues(input.error.issues));
  return json(await creditTestFunds(input.data));
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["POST"]);
