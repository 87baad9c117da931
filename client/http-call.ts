// One HTTP exchange of the client: fetch never throws out of it (a failed fetch is a `network`
// error), the body is read once as text and parsed as JSON when it is JSON, and a success body
// is checked against the API's zod schema (a mismatch is a `server_error`, never a crash).
import type { z } from "zod";
import type { MarketplaceError } from "./types";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  json: unknown;
}

export type Exchange = { ok: true; answer: Answer } | { ok: false; error: MarketplaceError };

export async function exchange(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<Exchange> {
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(url, init);
    text = await res.text();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
    return { ok: false, error: { kind: "network", status: null, code: "network", message: `No answer from ${new URL(url).origin} (${reason}).` } };
  }
  let json: unknown;
  if (text.length > 0) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { ok: true, answer: { status: res.status, headers: res.headers, text, json } };
}

/** The body checked against `schema`, or a server_error naming the first mismatches. */
export function checkBody<S extends z.ZodType>(schema: S, answer: Answer, what: string): { ok: true; value: z.infer<S> } | { ok: false; error: MarketplaceError } {
  const parsed = schema.safeParse(answer.json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const where = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
    .join("; ");
  return {
    ok: false,
    error: { kind: "server_error", status: answer.status, code: "unexpected_response", message: `The ${what} answer (HTTP ${answer.status}) does not match the API's schema: ${where}.` },
  };
}
