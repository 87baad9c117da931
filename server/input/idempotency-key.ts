// Idempotency-Key values (purchases and review writes): short, printable, no separators that
// headers or logs would mangle.
import { z } from "zod";

export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, "Use only letters, digits and . _ : -");
