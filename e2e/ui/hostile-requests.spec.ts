// Requests a hostile client sends to pages (and the same to the API): never a 500.
import http from "node:http";
import { expect, test } from "@playwright/test";

// TRACE through node:http: it must reach the server exactly as sent.
function send(
  baseURL: string,
  method: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("TRACE answers 405: a page with Allow, the API with JSON", async ({ baseURL }) => {
  for (const path of ["/", "/services", "/docs", "/no-such-page"]) {
    const res = await send(baseURL!, "TRACE", path);
    expect(res.status, path).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
  }
  const api = await send(baseURL!, "TRACE", "/api/catalog/services");
  expect(api.status).toBe(405);
  expect(JSON.parse(api.body)).toEqual({ error: "method_not_allowed", message: "TRACE is not supported here." });
});

test("other methods on a page answer 405", async ({ baseURL }) => {
  for (const method of ["POST", "PUT", "DELETE"]) {
    const res = await send(baseURL!, method, "/services");
    expect(res.status, method).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
  }
});

test("a page address that is not UTF-8 or holds NUL answers 400; a missing thing 404", async ({ page, request }) => {
  for (const path of [
    "/services/%ED%A0%80",
    "/reviews/%C0%AF",
    "/services/%",
    "/services?q=%00",
    "/services?q=forecast%00x",
  ]) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(400);
    await expect(page.getByRole("heading", { name: "Not a valid address" })).toBeVisible();
  }
  const api = await request.get("/api/catalog/services/%ED%A0%80");
  expect(api.status()).toBe(400);
  expect(await api.json()).toMatchObject({ error: "invalid_request" });
  // With the database up, "not found" is still what it was.
  expect((await page.goto("/services/no-such-service"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Service not found" })).toBeVisible();
  expect((await page.goto("/reviews/00000000-0000-4000-8000-000000000000"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Review not found" })).toBeVisible();
});

test("/docs uses the configured base URL and says where the demo agent runs", async ({ page, baseURL }) => {
  await page.goto("/docs");
  const text = (await page.locator("main").textContent())!;
  expect(new URL(baseURL!).port).not.toBe("3000");
  expect(text).not.toContain("localhost:3000");
  expect(text).toContain(`curl -s '${baseURL}/api/catalog/services?capability=maps-weather`);
  expect(text).toContain(`--base-url '${baseURL}'`);
  expect(text).toContain("In a clone of that repository, after npm install");
});

test("/docs stays under 300 KB of HTML; the agent docs are markdown with the API's headers", async ({
  request,
  baseURL,
}) => {
  const docs = await request.get("/docs");
  expect(docs.status()).toBe(200);
  expect((await docs.body()).length).toBeLessThan(300 * 1024);
  for (const path of ["/llms.txt", "/docs.md", "/docs/shop.md"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers().etag).toMatch(/^"/);
    const body = await res.text();
    expect(body).toContain(baseURL!);
    expect(body).not.toContain("localhost:3000");
    const again = await request.get(path, { headers: { "if-none-match": res.headers().etag! } });
    expect(again.status(), path).toBe(304);
    const post = await request.post(path, { data: "x" });
    expect(post.status(), path).toBe(405);
    expect(await post.json()).toMatchObject({ error: "method_not_allowed" });
  }
  for (const path of ["/docs/nope.md", "/docs/%E2%80%AE.md"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  }
  expect((await request.get("/docs/%ZZ.md")).status()).toBe(400);
  expect((await request.get("/docs/reference/nope")).status()).toBe(404);
});
