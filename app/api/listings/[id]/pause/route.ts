import { freeRoutes } from "@/server/http/free-routes";
import { pauseListingOperation } from "@/server/http/operations/listing-operations";

export const { GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(pauseListingOperation);
