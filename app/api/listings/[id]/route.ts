import { freeRoutes } from "@/server/http/free-routes";
import { editListingOperation, getListingOperation } from "@/server/http/operations/listing-operations";

export const { GET, PATCH, POST, PUT, DELETE, OPTIONS } = freeRoutes(getListingOperation, editListingOperation);
