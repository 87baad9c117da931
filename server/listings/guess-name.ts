// The draft's first name, guessed from its first resource URL (the owner edits it before review).
const titleCase = (words: string) =>
  words
    .split(/[-_.]+/)
    .filter((w) => w !== "")
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");

// The host's own label ("api.tidewise.io" → "Tidewise"); for an address without a name (an IP or
// localhost, as the sandbox's are), the first path segment ("/netlocus-ip-geo/v1/ip" → "Netlocus
// Ip Geo"); else the host as it is.
export function guessName(resourceUrl: string): string {
  const url = new URL(resourceUrl);
  const host = url.hostname;
  const unnamed = host === "localhost" || /^[\d.]+$/.test(host) || host.startsWith("[");
  if (unnamed) {
    const segment = url.pathname.split("/")[1] ?? "";
    return /^[a-z0-9][a-z0-9_-]{1,60}$/i.test(segment) ? titleCase(segment) : host;
  }
  const labels = host.split(".").filter((l) => !["www", "api", "x402", "pay"].includes(l));
  const label = labels.length >= 2 ? labels[labels.length - 2]! : labels[0];
  return label && /^[a-z0-9-]{2,60}$/i.test(label) ? titleCase(label) : host;
}
