// Marketplace tokens without the account page (issue 28, docs/decisions.md "Wallet sign-in"): an
// agent signs in with its wallet (the x402 `sign-in-with-x` extension) and gets a token; people and
// agents list, create and revoke their tokens over REST; a signed-in person attaches a wallet (and
// its agent's reviews and comments) to the account by signing again.
import { z } from "zod";
import { createTokenInput } from "../../accounts/marketplace-token-schema";
import { createOwnToken, listOwnTokens, revokeOwnToken } from "../../accounts/own-tokens";
import { attachWallet, verifyWalletPayload } from "../../accounts/wallet-sign-in";
import {
  createdTokenSchema,
  revokedTokenSchema,
  tokenListSchema,
  walletAttachInput,
  walletAttachSchema,
  walletChallengeInput,
  walletChallengeSchema,
  walletTokenInput,
  walletTokenSchema,
} from "../../accounts/wallet-sign-in-schema";
import { env } from "../../env";
import type { ErrorCode } from "../../errors";
import { errorResponses } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { MARKETPLACE_TOKEN_SCHEME } from "../../openapi/marketplace-token";
import type { ResponseObject } from "../../openapi/openapi-types";
import { pathParameter } from "../../openapi/parameters";
import { jsonContent } from "../../openapi/responses";
import { accountRoute } from "../account-route";
import { walletChallengeRoute, walletTokenRoute } from "../wallet-sign-in-route";

const NAMES = {
  challengeRequest: "WalletChallengeRequest",
  challenge: "WalletChallengeResponse",
  tokenRequest: "WalletTokenRequest",
  walletToken: "WalletTokenResponse",
  attachRequest: "WalletAttachRequest",
  attach: "WalletAttachResponse",
  createToken: "CreateTokenRequest",
  created: "CreatedTokenResponse",
  list: "TokenList",
  revoked: "RevokedTokenResponse",
} as const;

const tokenIdSchema = z.object({ id: z.uuid("A token id is a UUID.") });
const tokenId = pathParameter("id", tokenIdSchema.shape.id, "The token's id (a UUID, `tokenSummary.id`).");

const DETAIL: Partial<Record<ErrorCode, string>> = {
  invalid_request:
    "Here: a field or the path; an unknown field names the closest known one; JSON nested over 64 levels, U+0000 or an unpaired surrogate are refused.",
  unauthorized: "Here: neither a marketplace token (X-Marketplace-Token or Authorization: Bearer) nor a session.",
  forbidden:
    "Here: the token was revoked or belongs to no account and no wallet (made on the command line), or a session's change came from another origin.",
  not_found: "Here: no token of this account (or wallet) has this id.",
  rate_limited:
    "Here: the account or token (RATE_LIMIT_WRITES_PER_MINUTE) or the client address (RATE_LIMIT_WRITES_IP_PER_MINUTE) used its writes; reads count against RATE_LIMIT_AUTH_PER_MINUTE.",
  wallet_sign_in_invalid:
    "Here: the payload does not sign this wallet in; the message starts with the extension's code (invalid_siwx_domain_mismatch, invalid_siwx_uri_mismatch, invalid_siwx_expired, invalid_siwx_issued_at_too_old, invalid_siwx_nonce, invalid_siwx_unsupported_chain, invalid_siwx_signature, …).",
};
const bodyErrors = ["invalid_request", "invalid_json", "payload_too_large", "unsupported_media_type"] as const;
const errors = (codes: readonly ErrorCode[], detail: Partial<Record<ErrorCode, string>> = {}) =>
  errorResponses([...codes, "method_not_allowed", "rate_limited", "database_unavailable", "server_busy"], {
    detail: { ...DETAIL, ...detail },
  });
const ok = (status: string, description: string, schemaName: string): Record<string, ResponseObject> => ({
  [status]: { description, content: jsonContent(schemaName) },
});
const security = [{ [MARKETPLACE_TOKEN_SCHEME]: [] }];

const schemas = {
  requests: {
    [NAMES.challengeRequest]: {
      schema: walletChallengeInput,
      description: "The wallet that will sign (a 0x address) and, optionally, one of the supported chains.",
    },
    [NAMES.tokenRequest]: {
      schema: walletTokenInput,
      description: "The challenge's `payload` with `signature` added, and optionally the agent's name.",
    },
    [NAMES.attachRequest]: {
      schema: walletAttachInput,
      description: "A fresh challenge's `payload` with `signature` added, signed by the wallet to attach.",
    },
    [NAMES.createToken]: { schema: createTokenInput, description: "The new token's name (1 to 60 characters)." },
  },
  responses: {
    [NAMES.challenge]: {
      schema: walletChallengeSchema,
      description:
        "A sign-in-with-x challenge: `message` is the EIP-4361 text to sign (personal_sign, EIP-191); `payload` the fields the token route takes back with `signature` added.",
    },
    [NAMES.walletToken]: {
      schema: walletTokenSchema,
      description: "The token (shown once), its summary, and the wallet it acts for.",
    },
    [NAMES.attach]: {
      schema: walletAttachSchema,
      description: "The wallet now belongs to the account; how many tokens, reviews and comments moved with it.",
    },
    [NAMES.created]: { schema: createdTokenSchema, description: "The new token (shown once) and its summary." },
    [NAMES.list]: { schema: tokenListSchema, description: "The owner's tokens: active first, newest first." },
    [NAMES.revoked]: { schema: revokedTokenSchema, description: "The token's summary, `revokedAt` set." },
  },
};

export const createWalletChallengeOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/auth/wallet/challenge",
  operationId: "createWalletChallenge",
  summary: "Ask for a wallet sign-in challenge (sign-in-with-x)",
  description:
    "The first step of signing in with a wallet, no account needed: a challenge of the x402 `sign-in-with-x` extension (CAIP-122, an EIP-4361 message for EVM wallets) bound to this marketplace's origin (domain and uri), a single-use nonce and an expiry " +
    `(WALLET_SIGN_IN_TTL_SECONDS, default ${env.WALLET_SIGN_IN_TTL_SECONDS} s). Sign \`message\` with the wallet (EIP-191 personal_sign: \`cast wallet sign\`, viem's \`signMessage\`) and send \`payload\` with \`signature\` to POST /api/auth/wallet/token.`,
  tags: ["Accounts"],
  security: [],
  requestBody: {
    required: true,
    content: jsonContent(NAMES.challengeRequest, { address: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C" }),
  },
  responses: {
    ...ok("201", "The challenge (`{ok: true, message, payload, nonce, expiresAt, supportedChains}`).", NAMES.challenge),
    ...errors(bodyErrors, {
      rate_limited: "Here: the client address used its RATE_LIMIT_AUTH_PER_MINUTE.",
    }),
  },
  handler: walletChallengeRoute,
  schemas,
};

export const createWalletTokenOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/auth/wallet/token",
  operationId: "createWalletToken",
  summary: "Sign in with a wallet: a marketplace token for the signed challenge",
  description:
    "Verifies the signed challenge with the extension (origin, issuedAt within the TTL, expiry, a supported chain, the EOA signature), spends its nonce (a nonce signs in once, on every instance) and returns a marketplace token, shown once. " +
    "The token acts as an `llm` agent named `name` (default: the wallet address), whose organisation is the wallet (`Wallet 0x…`) until the wallet is attached to an account; it works wherever a token does (X-Marketplace-Token: reviews, the observer route, listings, /api/tokens). " +
    `At most WALLET_MAX_ACTIVE_TOKENS (${env.WALLET_MAX_ACTIVE_TOKENS}) active tokens per wallet (409; revoke one with DELETE /api/tokens/{id}); RATE_LIMIT_WALLET_SIGN_INS_PER_MINUTE sign-ins per wallet.`,
  tags: ["Accounts"],
  security: [],
  requestBody: {
    required: true,
    content: jsonContent(NAMES.tokenRequest, {
      payload: {
        domain: "marketplace.example",
        address: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
        statement: "Sign in to the Agent Payment Marketplace with this wallet: …",
        uri: "https://marketplace.example/api/auth/wallet/token",
        version: "1",
        chainId: "eip155:84532",
        type: "eip191",
        nonce: "3f1c2a…",
        issuedAt: "2026-12-01T20:00:00.000Z",
        expirationTime: "2026-12-01T20:05:00.000Z",
        signature: "0x…",
      },
      name: "forecast-agent",
    }),
  },
  responses: {
    ...ok("201", "The token (`{ok: true, token, tokenSummary, wallet}`).", NAMES.walletToken),
    ...errors([...bodyErrors, "wallet_sign_in_invalid", "conflict"], {
      conflict: "Here: the wallet holds WALLET_MAX_ACTIVE_TOKENS active tokens; revoke one first.",
      rate_limited:
        "Here: the client address used its RATE_LIMIT_AUTH_PER_MINUTE, or the wallet its RATE_LIMIT_WALLET_SIGN_INS_PER_MINUTE (counted once the signature verified).",
    }),
  },
  handler: walletTokenRoute,
};

export const attachWalletOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/auth/wallet/attach",
  operationId: "attachWallet",
  summary: "Attach a wallet to the signed-in account",
  description:
    "A signed-in person (the session, from the marketplace's own pages) signs a fresh challenge with the wallet: the wallet, its tokens and their reviews and comments become the account's (tokens then count under the account; later sign-ins with the wallet give the account's tokens). " +
    "A wallet attached to another account is 409; attaching it to the same account again changes nothing.",
  tags: ["Accounts"],
  security: [],
  requestBody: { required: true, content: jsonContent(NAMES.attachRequest) },
  responses: {
    ...ok("200", "The attachment (`{ok: true, wallet, attached: {tokens, reviews, comments}}`).", NAMES.attach),
    ...errors([...bodyErrors, "unauthorized", "forbidden", "wallet_sign_in_invalid", "conflict"], {
      unauthorized: "Here: no session (a marketplace token is not enough: the account signs in on its pages).",
      forbidden: "Here: the request did not come from the marketplace's own origin.",
      conflict: "Here: the wallet is attached to another account.",
    }),
  },
  handler: accountRoute({
    params: z.object({}),
    body: walletAttachInput,
    write: true,
    sessionOnly: true,
    run: async (actor, _params, input) => ({
      status: 200,
      body: await attachWallet(actor.personId!, await verifyWalletPayload(input.payload)),
    }),
  }),
};

export const listTokensOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/tokens",
  operationId: "listTokens",
  summary: "List your marketplace tokens",
  description:
    "With a session or a token: the account's tokens (a person's, wallets attached to it included), or, for a wallet's token without an account, the wallet's. Never the secrets: `prefix` tells them apart.",
  tags: ["Accounts"],
  security,
  responses: {
    ...ok("200", "The tokens (`{ok: true, tokens}`).", NAMES.list),
    ...errors(["unauthorized", "forbidden"]),
  },
  handler: accountRoute({
    params: z.object({}),
    write: false,
    run: async (actor) => ({ status: 200, body: { ok: true, tokens: await listOwnTokens(actor) } }),
  }),
};

export const createTokenOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/tokens",
  operationId: "createToken",
  summary: "Create a marketplace token",
  description:
    "With a session (from the marketplace's own pages) or a token: a new token of the same owner, shown once. At most 20 active per account, WALLET_MAX_ACTIVE_TOKENS per wallet (409).",
  tags: ["Accounts"],
  security,
  requestBody: { required: true, content: jsonContent(NAMES.createToken, { name: "nightly-reviewer" }) },
  responses: {
    ...ok("201", "The token (`{ok: true, token, tokenSummary}`).", NAMES.created),
    ...errors([...bodyErrors, "unauthorized", "forbidden", "conflict"], {
      conflict: "Here: the owner holds its maximum of active tokens; revoke one first.",
    }),
  },
  handler: accountRoute({
    params: z.object({}),
    body: createTokenInput,
    write: true,
    run: async (actor, _params, input) => ({
      status: 201,
      body: { ok: true, ...(await createOwnToken(actor, input.name)) },
    }),
  }),
};

const revoke = accountRoute({
  params: tokenIdSchema,
  write: true,
  run: async (actor, { id }) => ({ status: 200, body: { ok: true, tokenSummary: await revokeOwnToken(actor, id) } }),
});
const revokeDescription =
  "With a session (from the marketplace's own pages) or a token: revokes one of the owner's tokens, the calling token too; it is refused (403) from then on. Revoking a revoked token changes nothing.";

// DELETE and its POST twin answer alike.
const revokeResponses = {
  ...ok("200", "The revoked token (`{ok: true, tokenSummary}`).", NAMES.revoked),
  ...errors(["invalid_request", "unauthorized", "forbidden", "not_found"]),
};

export const revokeTokenOperation: FreeOperation<"DELETE"> = {
  method: "DELETE",
  path: "/api/tokens/{id}",
  operationId: "revokeToken",
  summary: "Revoke a marketplace token",
  description: revokeDescription,
  tags: ["Accounts"],
  security,
  parameters: [tokenId],
  responses: revokeResponses,
  handler: revoke,
};

export const revokeTokenByPostOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/tokens/{id}/revoke",
  operationId: "revokeTokenByPost",
  summary: "Revoke a marketplace token (POST, for clients without DELETE)",
  description: `${revokeDescription} The same as DELETE /api/tokens/{id}.`,
  tags: ["Accounts"],
  security,
  parameters: [tokenId],
  responses: revokeResponses,
  handler: revoke,
};
