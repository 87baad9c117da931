// Types of request-id.mjs (plain JavaScript, loaded by the request-id hook in Next.js's process).
export declare const MAX_REQUEST_ID_CHARS: number;
export declare function traceIdOf(traceparent: unknown): string | undefined;
export declare function clientRequestId(value: unknown): string | undefined;
export declare function newRequestId(): string;
export declare function requestIdOf(headers: Record<string, string | string[] | undefined>): string;
