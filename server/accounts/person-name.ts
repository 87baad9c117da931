// A person's display name: shown next to their comments, likes and reviews, so it is plain,
// storable text of a sensible length.
import { storableText } from "../input/storable-text";

export const MAX_PERSON_NAME = 80;

export const personNameSchema = storableText()
  .trim()
  .min(1, "A name is required.")
  .max(MAX_PERSON_NAME, `A name has at most ${MAX_PERSON_NAME} characters.`);
