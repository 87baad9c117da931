// Whether a request's Content-Type says JSON: every route that takes a body and every tRPC mutation
// refuses anything else (415), which also keeps plain HTML forms from other sites out.
const JSON_TYPE = /^application\/json\s*(;|$)/i;
// Also structured-syntax JSON types (RFC 6839), e.g. application/merge-patch+json for a PATCH.
const JSON_OR_SUFFIX_TYPE = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

export function isJsonContentType(value: string | null, opts: { structuredSuffix?: boolean } = {}): boolean {
  return value !== null && (opts.structuredSuffix ? JSON_OR_SUFFIX_TYPE : JSON_TYPE).test(value.trim());
}
