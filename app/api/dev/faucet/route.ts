import { AppError, toIssues } from "@/server/errors";
import { assertFaucetAvailable, creditTestFunds, faucetInputSchema } from "@/server/payments/facilitators/faucet";
import { readBodyText } from "@/server/http/read-body";
import { json, route } from "@/server/http/respond";

export const POST = route(async (request: Request) => {
  assertFaucetAvailable();
  const text = await readBodyText(request);
  let body: unknown;
  try {
    body = JSON.parse(text || "{}");
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
  const input = faucetInputSchema.safeParse(body);
  if (!input.success) throw new AppError("invalid_request", "The request is not valid.", toIssues(input.error.issues));
  return json(await creditTestFunds(input.data));
});
