// The `catalogSource` of a service that came from a provider's self-serve listing (the listing's id
// follows). Pure: the service page imports it to show the payee badge on listed services only.
export const LISTING_SOURCE_PREFIX = "urn:marketplace:listing:";

export const isListedService = (catalogSource: string): boolean => catalogSource.startsWith(LISTING_SOURCE_PREFIX);
