import { freeRoutes } from "@/server/http/free-routes";
import { settleLocalPaymentOperation } from "@/server/http/operations/dev-facilitator-operations";

export const { GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(settleLocalPaymentOperation);
