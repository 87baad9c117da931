// Request bodies with a size cap: an oversized body is refused (413) before it is parsed.
import type { z } from "zod";
import { AppError } from "../errors";
import { MAX_BODY_BYTES, parseJsonBody } from "../input/json-body";
import { isJsonContentType } from "../input/json-content-type";

/** A JSON body read for `schema`: 413 over the cap, 415 unless JSON (an empty body is `{}`), 400 invalid. */
export async function readJsonInput<I>(request: Request, schema: z.ZodType<I>): Promise<I> {
  const text = await readBodyText(request);
  if (text.trim() !== "" && !isJsonContentType(request.headers.get("content-type"), { structuredSuffix: true })) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  return schema.parse(parseJsonBody(text));
}

export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}

/** The body as bytes, as sent (the observer forwards it unchanged); 413 past `maxBytes`, checked
 * on Content-Length first and then while it streams, so an oversized body is never read whole. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("payload_too_large", `The body is larger than ${maxBytes} bytes.`);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("payload_too_large", `The body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
