import { freeRoutes } from "@/server/http/free-routes";
import { createWalletTokenOperation } from "@/server/http/operations/account-operations";

export const { GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(createWalletTokenOperation);
