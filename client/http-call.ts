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

/** Larger answers are dropped: the API's largest (a service record, a review list) are far smaller. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

class AnswerTooLarge extends Error {}

// The body as text, read chunk by chunk so a hostile or broken server cannot fill the caller's memory.
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export async function exchange(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<Exchange> {
  let res: Response | undefined;
  let text: string;
  try {
    res = await fetchImpl(url, init);
    text = await readCapped(res);
  } catch (err) {
    if (err instanceof AnswerTooLarge) {
      return {
        ok: false,
        error: {
          kind: "server_error",
          status: res?.status ?? null,
          code: "response_too_large",
          message: `The answer from ${new URL(url).origin} is larger than ${MAX_ANSWER_BYTES} bytes; it was dropped.`,
        },
      };
    }
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
    return {
      ok: false,
      error: {
        kind: "network",
        status: null,
        code: "network",
        message: `No answer from ${new URL(url).origin} (${reason}).`,
      },
    };
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
export function checkBody<S extends z.ZodType>(
  schema: S,
  answer: Answer,
  what: string,
): { ok: true; value: z.infer<S> } | { ok: false; error: MarketplaceError } {
  const parsed = schema.safeParse(answer.json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const where = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
    .join("; ");
  return {
    ok: false,
    error: {
      kind: "server_error",
      status: answer.status,
      code: "unexpected_response",
      message: `The ${what} answer (HTTP ${answer.status}) does not match the API's schema: ${where}.`,
    },
  };
}
