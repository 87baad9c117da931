// Field rules shared by the review writes (create-review.ts, revise-review.ts).
import { z } from "zod";
import { storableText } from "../input/storable-text";

export const ratingSchema = z
  .int()
  .min(1, "A rating is an integer from 1 to 5.")
  .max(5, "A rating is an integer from 1 to 5.");
export const titleSchema = storableText()
  .trim()
  .min(1, "A title needs 1 to 200 characters.")
  .max(200, "A title has at most 200 characters.");
export const bodySchema = storableText()
  .trim()
  .min(1, "A body needs 1 to 5000 characters.")
  .max(5000, "A body has at most 5000 characters.");

const tagSchema = storableText()
  .trim()
  .toLowerCase()
  .min(1, "A tag needs 1 to 40 characters.")
  .max(40, "A tag has at most 40 characters.");

/** At most 10 tags, lower-cased and deduplicated (first occurrence kept). */
export const tagsSchema = z
  .array(tagSchema)
  .max(10, "At most 10 tags.")
  .transform((tags) => [...new Set(tags)]);

/** The reviewed endpoint: an absolute http(s) URL. */
export const linkSchema = storableText()
  .trim()
  .max(2000, "A link has at most 2000 characters.")
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, message: "A link is an absolute http(s) URL." }))
  // A published request schema shows the input side of the pipe: say what it must be.
  .meta({ format: "uri" });
