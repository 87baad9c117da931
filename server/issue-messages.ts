// Messages for the input mistakes clients (agents above all) actually make, installed as zod's
// global error map: an unknown field is named with the closest known one, and a value of the
// wrong JSON type says which type to send (`true` vs `"true"`, `"0.5"` vs `0.5`). zod's own
// messages remain for everything else.
import { z } from "zod";

const MAX_SHOWN = 60;
const show = (s: string) => JSON.stringify(s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s);

/** Edit distance, bounded: long keys are cut first (no known field is long). */
function distance(a: string, b: string): number {
  a = a.slice(0, 64).toLowerCase();
  b = b.slice(0, 64).toLowerCase();
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The known field a mistyped one most likely meant, if any is close enough. */
export function closestField(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = k.replace(/[-_]/g, "").toLowerCase() === key.replace(/[-_]/g, "").toLowerCase() ? 0 : distance(key, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

function unknownFieldMessage(key: string, known: readonly string[]): string {
  const close = closestField(key, known);
  if (close) return `Unknown field ${show(key)}; did you mean ${JSON.stringify(close)}?`;
  return known.length > 0
    ? `Unknown field ${show(key)}; known fields: ${known.join(", ")}.`
    : `Unknown field ${show(key)}.`;
}

// zod copies an issue when it finalises it but keeps its `keys` array: the message of each unknown
// key is found through that array, so that toIssues can report one issue per key at its own path.
const fieldMessages = new WeakMap<readonly string[], string[]>();
export const unknownFieldMessages = (keys: readonly string[]): string[] | undefined => fieldMessages.get(keys);

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object"
    ? "an object"
    : `the ${typeof value} ${typeof value === "string" ? show(value) : String(value)}`;
}

type RawIssue = z.core.$ZodRawIssue;

function issueMessage(iss: RawIssue): string | undefined {
  if (iss.code === "unrecognized_keys") {
    const known = Object.keys(
      (iss.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape ?? {},
    );
    const messages = iss.keys.map((k) => unknownFieldMessage(k, known));
    fieldMessages.set(iss.keys, messages);
    return messages.join(" ");
  }
  if (iss.code === "invalid_value" && typeof iss.input !== "string" && iss.input !== undefined) {
    // `tested: true` where the option is the string "true": say which type to send. Only a
    // primitive is turned into text: String() of a JSON object with an own `toString` key throws.
    const asText = typeof iss.input === "number" || typeof iss.input === "boolean" ? String(iss.input) : undefined;
    if (asText !== undefined && iss.values.some((v) => v === asText))
      return `Send the string ${JSON.stringify(asText)} (in quotes), not ${jsonType(iss.input)}.`;
    const options = iss.values.map((v) => JSON.stringify(v)).join(", ");
    return `Expected one of ${options}; got ${jsonType(iss.input)}.`;
  }
  if (
    iss.code === "invalid_type" &&
    iss.input !== undefined &&
    (iss.expected === "number" || iss.expected === "int" || iss.expected === "string" || iss.expected === "boolean")
  ) {
    const expected =
      iss.expected === "int"
        ? "an integer"
        : iss.expected === "number"
          ? "a number"
          : iss.expected === "string"
            ? "a string"
            : "a boolean";
    const hint =
      typeof iss.input === "string" &&
      iss.expected !== "string" &&
      iss.input.trim() !== "" &&
      !Number.isNaN(Number(iss.input))
        ? " (without quotes)"
        : "";
    return `Expected ${expected}${hint}; got ${jsonType(iss.input)}.`;
  }
  return undefined;
}

z.config({ customError: issueMessage });
