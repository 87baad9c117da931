// The typed marketplace client (issue 14): every call goes over HTTP to a marketplace, answers are
// checked against the API's zod schemas, and failures come back as typed results, never throws.
import type { MarketplaceClient, MarketplaceClientOptions } from "./types";

export type {
  BuyOptions,
  ErrorKind,
  MarketplaceClient,
  MarketplaceClientOptions,
  MarketplaceError,
  OfferAnswer,
  OfferCall,
  OrderStatus,
  Paid,
  PaidProduct,
  PaymentTerms,
  Product,
  Result,
  RetryAdvice,
  Review,
  ReviewInput,
  ReviewList,
  SearchParams,
  SearchResult,
  ServiceRecord,
  ShortlistInput,
  ShortlistPurchase,
  Spend,
} from "./types";

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  void options;
  throw new Error("not implemented yet");
}
