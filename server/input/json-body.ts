// Client JSON bodies: the size cap every body route applies, and parsing with "empty means {}".
import { AppError } from "../errors";

export const MAX_BODY_BYTES = 64 * 1024;

/** A JSON request body; an empty body is `{}` (so schema errors name the missing fields). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
}
