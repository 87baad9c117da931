// The sample command shown with each offer: a curl call through the marketplace's observer route.
type ExampleInput = Record<string, unknown> | null;

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function buildQuickstart(offer: { method: string; callUrl: string; exampleInput: ExampleInput }): string {
  const headers = [`-H "X-Marketplace-Token: $MARKETPLACE_TOKEN"`, `-H "Idempotency-Key: $(uuidgen)"`];
  if (offer.method === "GET") {
    const query = offer.exampleInput
      ? new URLSearchParams(Object.entries(offer.exampleInput).map(([k, v]) => [k, String(v)])).toString()
      : "";
    const url = query ? `${offer.callUrl}?${query}` : offer.callUrl;
    return ["curl -s", shellQuote(url), ...headers].join(" \\\n  ");
  }
  return [
    "curl -s -X POST",
    shellQuote(offer.callUrl),
    ...headers,
    `-H "Content-Type: application/json"`,
    `-d ${shellQuote(JSON.stringify(offer.exampleInput ?? {}))}`,
  ].join(" \\\n  ");
}
