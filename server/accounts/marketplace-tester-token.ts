// The marketplace's own tester token (server/marketplace-tests/tester.ts creates its row): a leaf, so
// the layers that must tell the marketplace's test calls and test reviews apart from agents' (the
// observer's verified-call marks, the shortlist's "Verified by paid use") need not import the tests.
export const TESTER_TOKEN_ID = "00000000-0000-4000-8000-00000000e575";
