// Each sandbox service's payee (docs/decisions.md "Sandbox"): the address of a private key anyone can
// derive from the service's slug, so that offline, against the sandbox world, a provider's flow that
// needs the payee's key (proving the payee of a listing with an EIP-712 signature) can be tried and
// tested end to end. Only test USDC on the local ledger is ever paid to it: the sandbox runs only
// while payments settle on the local facilitator.
import { createHash } from "node:crypto";
import { privateKeyToAccount } from "viem/accounts";

/** The sandbox payee's private key of `slug`: sha256("sandbox-payee:<slug>"). Public by design. */
export const sandboxPayeeKey = (slug: string): `0x${string}` =>
  `0x${createHash("sha256").update(`sandbox-payee:${slug}`).digest("hex")}`;

/** The payTo of the sandbox service `slug`, lowercase as the seed writes addresses. */
export const sandboxPayTo = (slug: string): string => privateKeyToAccount(sandboxPayeeKey(slug)).address.toLowerCase();
