// A marketplace token's name and the create input as zod schemas, with no database: shared by the
// token service, the REST token API, tRPC and the typed client.
import { z } from "zod";
import { storableText } from "../input/storable-text";

export const tokenNameSchema = storableText()
  .trim()
  .min(1, "A token needs a name.")
  .max(60, "A token name has at most 60 characters.");

export const createTokenInput = z.strictObject({ name: tokenNameSchema });
