// The address of an offer: its provider's URL and its path joined as text (new URL(path, base)
// would drop the provider's own base path). One rule for the observer, the probes, the discovery
// list and the import, which compare it with an x402 `resource`. A leaf module.

export const joinProviderUrl = (providerUrl: string, path: string): string =>
  `${providerUrl.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
