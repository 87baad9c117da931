// better-auth's endpoints (sign-up, sign-in, sign-out, session, password change) behind our REST edge.
import { handleAuthRequest } from "@/server/http/auth-route";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export { handleAuthRequest as GET, handleAuthRequest as POST };

export const { PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET", "POST"]);
