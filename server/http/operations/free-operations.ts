// Every free operation of the REST API: adding one is declaring it (a FreeOperation in a file of
// this folder) and listing it here; its route file is one line (freeRoutes in ../free-routes.ts),
// and its OpenAPI operation and /docs entry follow from the list. The order is the document's.
import { DOCUMENT_TAGS } from "../../openapi/build-document";
import type { FreeOperation } from "../../openapi/free-operation";
import {
  attachWalletOperation,
  createTokenOperation,
  createWalletChallengeOperation,
  createWalletTokenOperation,
  listTokensOperation,
  revokeTokenByPostOperation,
  revokeTokenOperation,
} from "./account-operations";
import { getCatalogServiceOperation, listCatalogServicesOperation, searchCatalogOperation } from "./catalog-operations";
import {
  localFacilitatorSupportedOperation,
  settleLocalPaymentOperation,
  verifyLocalPaymentOperation,
} from "./dev-facilitator-operations";
import { listDiscoveryResourcesOperation } from "./discovery-operations";
import { creditTestFundsOperation } from "./faucet-operations";
import { callOfferGetOperation, callOfferPostOperation } from "./observe-operations";
import {
  createListingOperation,
  createPayeeChallengeOperation,
  editListingOperation,
  getListingActivityOperation,
  getListingOperation,
  listListingsOperation,
  pauseListingOperation,
  provePayeeOperation,
  resumeListingOperation,
  submitListingOperation,
  withdrawListingOperation,
} from "./listing-operations";
import { getOrderStatusOperation } from "./order-operations";
import { recoverPurchaseOperation } from "./purchase-recovery-operations";
import { getReceiptKeysOperation } from "./receipt-key-operations";
import { getReviewOperation, listReviewsOperation } from "./review-operations";
import {
  addReviewCommentOperation,
  createReviewOperation,
  deleteReviewCommentOperation,
  editReviewCommentOperation,
  favoriteReviewOperation,
  likeReviewOperation,
  reviseReviewOperation,
} from "./review-write-operations";

// A path as the document writes it: literal segments and {parameters}, which the route folders name [parameter]
// (and the one dot-segment of RFC 8615, /.well-known).
const OPERATION_PATH = /^(\/([a-z0-9][a-z0-9.-]*|\.well-known|\{[A-Za-z][A-Za-z0-9]*\}))+$/;
const TAG_NAMES = new Set<string>(DOCUMENT_TAGS.map((t) => t.name));

/** The declarations as given, after checking what the routes, the document and /docs rely on. */
export function checkedOperations(operations: readonly FreeOperation[]): readonly FreeOperation[] {
  const seen = { operationId: new Set<string>(), route: new Set<string>() };
  for (const op of operations) {
    if (!OPERATION_PATH.test(op.path))
      throw new Error(`operation ${op.operationId}: ${op.path} is not a path of literal segments and {parameters}`);
    if (op.tags?.length !== 1 || !TAG_NAMES.has(op.tags[0]!))
      throw new Error(
        `operation ${op.operationId}: one tag of the document (${[...TAG_NAMES].join(", ")}), so /docs lists it`,
      );
    for (const [kind, value] of [
      ["operationId", op.operationId],
      ["route", `${op.method} ${op.path}`],
    ] as const) {
      if (seen[kind].has(value)) throw new Error(`two free operations share the ${kind} ${value}`);
      seen[kind].add(value);
    }
  }
  return operations;
}

export const FREE_OPERATIONS: readonly FreeOperation[] = checkedOperations([
  recoverPurchaseOperation,
  getOrderStatusOperation,
  listCatalogServicesOperation,
  getCatalogServiceOperation,
  searchCatalogOperation,
  listReviewsOperation,
  createReviewOperation,
  getReviewOperation,
  reviseReviewOperation,
  likeReviewOperation,
  favoriteReviewOperation,
  addReviewCommentOperation,
  editReviewCommentOperation,
  deleteReviewCommentOperation,
  callOfferGetOperation,
  getReceiptKeysOperation,
  callOfferPostOperation,
  listListingsOperation,
  createListingOperation,
  getListingOperation,
  editListingOperation,
  getListingActivityOperation,
  submitListingOperation,
  pauseListingOperation,
  resumeListingOperation,
  withdrawListingOperation,
  createPayeeChallengeOperation,
  provePayeeOperation,
  createWalletChallengeOperation,
  createWalletTokenOperation,
  attachWalletOperation,
  listTokensOperation,
  createTokenOperation,
  revokeTokenOperation,
  revokeTokenByPostOperation,
  listDiscoveryResourcesOperation,
  creditTestFundsOperation,
  verifyLocalPaymentOperation,
  settleLocalPaymentOperation,
  localFacilitatorSupportedOperation,
]);
