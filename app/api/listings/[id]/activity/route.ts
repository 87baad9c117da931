import { freeRoutes } from "@/server/http/free-routes";
import { getListingActivityOperation } from "@/server/http/operations/listing-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(getListingActivityOperation);
