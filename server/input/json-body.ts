// Client JSON bodies: the size cap every body route applies, and parsing with "empty means {}".
import { AppError } from "../errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth";

export const MAX_BODY_BYTES = 64 * 1024;

/** A JSON request body; an empty body is `{}` (so schema errors name the missing fields). A body
 * nested deeper than MAX_JSON_DEPTH is refused before it is parsed. */
export function parseJsonBody(text: string): unknown {
  if (exceedsJsonDepth(text)) {
    throw new AppError("invalid_request", "The body is nested too deeply.", [
      { path: "(body)", message: `Arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep.` },
    ]);
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
}
