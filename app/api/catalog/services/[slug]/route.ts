import { freeRoutes } from "@/server/http/free-routes";
import { getCatalogServiceOperation } from "@/server/http/operations/catalog-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(getCatalogServiceOperation);
