// The EIP-3009 transfer authorization as x402 `exact` (PAYMENT-SIGNATURE, the dev facilitator's
// requests) and MPP's evm charge carry it: addresses and the nonce in 0x hex, amounts and times as
// decimal uint256 text. Pure zod: one definition for every reader.
import { z } from "zod";

/** 0x and exactly `bytes` bytes of hex, or (no `bytes`) 1 to 1,024 bytes. */
export const hexSchema = (bytes?: number) =>
  z
    .string()
    .regex(
      bytes ? new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`) : /^0x[0-9a-fA-F]{2,2048}$/,
      bytes ? `must be 0x and ${bytes * 2} hex digits` : "must be 0x and hex digits",
    );

export const uintSchema = z.string().regex(/^\d{1,78}$/, "must be an unsigned integer in decimal text");

/** The authorization's own fields (its signature travels beside them, or among them in MPP). */
export const authorizationFields = {
  from: hexSchema(20),
  to: hexSchema(20),
  value: uintSchema,
  validAfter: uintSchema,
  validBefore: uintSchema,
  nonce: hexSchema(32),
};
