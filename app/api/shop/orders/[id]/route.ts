import { freeRoutes } from "@/server/http/free-routes";
import { getOrderStatusOperation } from "@/server/http/operations/order-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(getOrderStatusOperation);
