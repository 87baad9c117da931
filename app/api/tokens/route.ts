import { freeRoutes } from "@/server/http/free-routes";
import { createTokenOperation, listTokensOperation } from "@/server/http/operations/account-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(listTokensOperation, createTokenOperation);
