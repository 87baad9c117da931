// The REST edge of wallet sign-in (POST /api/auth/wallet/challenge and /token): every request counts
// against the `auth` limit per client address; a sign-in whose signature verified counts against its
// wallet's limit too (RATE_LIMIT_WALLET_SIGN_INS_PER_MINUTE), so a stranger naming a wallet cannot
// use up that wallet's sign-ins. Bodies as everywhere: 413, 415, depth, storable text, zod (400).
import { freeLimiter, rateLimitsEnabled } from "../limits/free-limits";
import { delayRefusal } from "../limits/refusal-delay";
import { createWalletChallenge, issueWalletToken, verifyWalletPayload } from "../accounts/wallet-sign-in";
import { walletChallengeInput, walletTokenInput } from "../accounts/wallet-sign-in-schema";
import { admitFree, rateLimitedResponse, rateLimitHeaders } from "./rate-limit";
import { readJsonInput } from "./read-body";
import { errorResponse, json } from "./respond";

const NO_STORE = { "Cache-Control": "no-store" };

async function limited(request: Request, work: () => Promise<Response>): Promise<Response> {
  const decision = await admitFree("auth", request.headers);
  if (decision && !decision.allowed) return rateLimitedResponse(decision);
  let response: Response;
  try {
    response = await work();
  } catch (err) {
    response = errorResponse(err);
  }
  for (const [name, value] of Object.entries(decision ? rateLimitHeaders(decision) : {}))
    if (!response.headers.has(name)) response.headers.set(name, value);
  return response;
}

export const walletChallengeRoute = (request: Request): Promise<Response> =>
  limited(request, async () => {
    const input = await readJsonInput(request, walletChallengeInput);
    return json(await createWalletChallenge(input), { status: 201, headers: NO_STORE });
  });

export const walletTokenRoute = (request: Request): Promise<Response> =>
  limited(request, async () => {
    const input = await readJsonInput(request, walletTokenInput);
    const wallet = await verifyWalletPayload(input.payload);
    if (rateLimitsEnabled) {
      const decision = await freeLimiter("wallet").consume(`wallet:${wallet.address.toLowerCase()}`);
      await delayRefusal(decision);
      if (!decision.allowed) return rateLimitedResponse(decision);
    }
    return json(await issueWalletToken(wallet, input.name), { status: 201, headers: NO_STORE });
  });
