import { freeRoutes } from "@/server/http/free-routes";
import { creditTestFundsOperation } from "@/server/http/operations/faucet-operations";

export const { GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(creditTestFundsOperation);
