// A JSON POST to the marketplace under test, as an agent's script sends it: the status and the parsed answer.
export async function postJson(baseURL: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
