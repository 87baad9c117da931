// People for tests, made the way the site makes them: through better-auth's endpoints on our auth
// route. Each call uses a fresh address, so the auth rate limit of one test never bites another.
import { randomBytes } from "node:crypto";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { setRole } from "@/server/accounts/operators";

export const SITE = "http://marketplace.test";
export const PASSWORD = "correct horse battery staple";

let n = 0;
export const nextAddress = () => `198.18.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

export function authRequest(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${SITE}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, "x-marketplace-peer": nextAddress(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => /better-auth\.session_token=/.test(c));
  if (!cookie) throw new Error(`no session cookie in ${res.status} answer`);
  return cookie.split(";")[0]!;
}

export interface TestPerson {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

/** Signs up a new person (optionally an operator) and returns their session cookie. */
export async function signUp(options: { name?: string; role?: "member" | "operator" } = {}): Promise<TestPerson> {
  const email = `p-${randomBytes(5).toString("hex")}@example.com`;
  const name = options.name ?? "Test Person";
  const res = await authPost(authRequest("/sign-up/email", { email, password: PASSWORD, name }));
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  if (options.role === "operator") await setRole(email, "operator");
  return { id: user.id, email, name, cookie: sessionCookie(res) };
}
