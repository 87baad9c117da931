// Answers proxy.ts gives itself, before any page renders: JSON for the API (the `{error, message}`
// of server/errors.ts), a small self-contained HTML page for people. The page has no script, and
// its one <style> carries the response's CSP nonce.
import { ERROR_TABLE, type ErrorCode } from "../errors";

export interface PlainAnswer {
  code: ErrorCode;
  title: string;
  message: string;
  headers?: Record<string, string>;
  /** A link that helps: back home, or the same address to try again. */
  link?: { href: string; label: string };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function jsonAnswer({ code, message, headers }: PlainAnswer): Response {
  return Response.json(
    { error: code, message },
    { status: ERROR_TABLE[code].status, headers: { "Cache-Control": "no-store", ...headers } },
  );
}

export function htmlAnswer({ code, title, message, headers, link }: PlainAnswer, nonce: string): Response {
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Agent Payment Marketplace</title>
<style nonce="${nonce}">
body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:40rem;margin:0 auto;padding:4rem 1rem}
h1{font-size:1.875rem;margin:0 0 .75rem}
p{color:#334155;line-height:1.5}
a{color:#4338ca}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a> · <a href="/">Home</a></p>` : `<p><a href="/">Home</a></p>`}
</main>
</body>
</html>
`;
  return new Response(html, {
    status: ERROR_TABLE[code].status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
