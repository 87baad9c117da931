// Who is acting: a signed-in person (the `human` actor) or a marketplace token acting as an agent
// for its owner (the `llm` actor). Services take an Actor explicitly and never read requests. A
// token obtained by wallet sign-in (SIWX) is an `llm` actor too, with `wallet` its checksummed address.

export type Actor =
  | { type: "human"; personId: string; name: string; role: "member" | "operator" }
  | { type: "llm"; tokenId: string; personId: string | null; name: string; org: string; wallet?: string };

/** The key of the one-row-per-actor rules (likes, favourites, idempotent writes, write limits). */
export function actorKey(actor: Actor): string {
  return actor.type === "human" ? `person:${actor.personId}` : `token:${actor.tokenId}`;
}

export function isOperator(actor: Actor | null | undefined): boolean {
  return actor?.type === "human" && actor.role === "operator";
}
