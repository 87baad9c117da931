import { freeRoutes } from "@/server/http/free-routes";
import { callOfferGetOperation, callOfferPostOperation } from "@/server/http/operations/observe-operations";

export const { GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(
  callOfferGetOperation,
  callOfferPostOperation,
);
