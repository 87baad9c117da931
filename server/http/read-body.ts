// Request bodies with a size cap: an oversized body is refused (413) before it is parsed.
import { AppError } from "../errors";
import { MAX_BODY_BYTES } from "../input/json-body";

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
