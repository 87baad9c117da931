// better-auth's endpoints (sign-up, sign-in, sign-out, session, password change) behind our REST edge.
import { handleAuthRequest } from "@/server/http/auth-route";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { timedHandler } from "@/server/metrics/http-metrics";

// One route for better-auth's endpoints: the rest of the path is the caller's to choose.
const handler = timedHandler("/api/auth/{...all}", handleAuthRequest);

export { handler as GET, handler as POST };

export const { PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET", "POST"]);
