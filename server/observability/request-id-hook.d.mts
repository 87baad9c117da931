// request-id-hook.mjs has no exports: it is loaded for its effect (a diagnostics channel subscription).
export {};
