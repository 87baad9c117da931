// Opaque pagination cursors: the keyset of the last row, as base64url JSON. A cursor is client
// input like any other: its values must fit the columns they are compared with (an int4 count,
// a timestamp, storable text), or the database refuses the query and the client would get a 500.
import { z } from "zod";
import { AppError } from "../errors";
import { isStorableText } from "./storable-text";

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Largest value of a PostgreSQL `integer` column. */
export const INT4_MAX = 2 ** 31 - 1;
/** 9999-12-31T23:59:59.999Z: the last instant a PostgreSQL timestamp and a JS Date both hold. */
export const MAX_TIME_MS = 253_402_300_799_999;

/** A cursor element compared with an `integer` column. */
export const cursorInt4 = () => z.int().min(0).max(INT4_MAX);
/** A cursor element compared with a timestamp column, in epoch milliseconds. */
export const cursorTimeMs = () => z.int().min(0).max(MAX_TIME_MS);
/** A cursor element compared with a text column. */
export const cursorText = (max: number) => z.string().min(1).max(max).refine(isStorableText);

export function encodeCursor(keyset: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(keyset)).toString("base64url");
}

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.infer<S> {
  const invalid = () =>
    new AppError("invalid_request", "The cursor is not valid.", [
      { path: "cursor", message: "Use nextCursor from a previous page." },
    ]);
  // Buffer's base64url decoder skips characters outside the alphabet; a cursor we issued has none.
  if (!BASE64URL.test(cursor)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid();
  return parsed.data;
}
