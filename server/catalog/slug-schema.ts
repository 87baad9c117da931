// A service slug, as URLs and bodies carry it (pure: the typed client and the MCP tools import it).
import { z } from "zod";

export const serviceSlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "A slug is lowercase letters, digits and hyphens.");
