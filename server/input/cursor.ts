// Opaque pagination cursors: the keyset of the last row, as base64url JSON.
import type { z } from "zod";
import { AppError } from "../errors";

export function encodeCursor(keyset: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(keyset)).toString("base64url");
}

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.infer<S> {
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw new AppError("invalid_request", "The cursor is not valid.", [{ path: "cursor", message: "Use nextCursor from a previous page." }]);
  }
}
