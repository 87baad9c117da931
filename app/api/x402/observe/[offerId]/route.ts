import { observerRoutes } from "@/server/http/observe-route";

// GET or POST, the offer's own method; any other method is 405 with Allow naming it (after the
// token and offer checks), so every method goes to the one handler.
export const { GET, POST, HEAD, PUT, DELETE, PATCH, OPTIONS } = observerRoutes();
