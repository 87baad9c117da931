// An absolute web address a record links to (a website, docs, a fact's source): https, or plain http
// where the caller admits it (a catalog imported in test mode, the sandbox's own origin), never with
// credentials. Pure (no settings): the catalog import, the listings, the typed client and the MCP tools
// share it.
import { z } from "zod";

export function webUrlSchema(options: { allowHttp?: (url: string) => boolean; httpRefusal?: string } = {}) {
  const { allowHttp = () => false, httpRefusal = "Must be an https URL." } = options;
  return z
    .string()
    .max(2000, "At most 2000 characters.")
    .superRefine((s, ctx) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        ctx.addIssue({ code: "custom", message: "Not an absolute URL." });
        return;
      }
      if (url.protocol !== "https:" && !(url.protocol === "http:" && allowHttp(s)))
        ctx.addIssue({ code: "custom", message: httpRefusal });
      else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "Must not carry credentials." });
    });
}
