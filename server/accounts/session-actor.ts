// The signed-in person behind a request, from its better-auth session cookie: what the tRPC context
// and the pages know as the `human` actor. Requests without a session cookie cost no database trip.
import type { Actor } from "./actor";
import { getAuth } from "./auth";

export type HumanActor = Extract<Actor, { type: "human" }>;

// better-auth's cookie, plain or with the __Secure- prefix it uses on https.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export async function actorFromHeaders(headers: Headers): Promise<HumanActor | null> {
  if (!SESSION_COOKIE.test(headers.get("cookie") ?? "")) return null;
  const auth = await getAuth();
  // No refresh here: this caller cannot send the renewed cookie back, and a session whose row was
  // extended while its cookie was not would end before the row says it does. The auth route's own
  // get-session (the sign-in page and the React client call it) renews both.
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!session) return null;
  const { user } = session;
  return { type: "human", personId: user.id, name: user.name, role: user.role === "operator" ? "operator" : "member" };
}
