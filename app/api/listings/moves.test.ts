// The owner's moves over HTTP (Request in, Response out) on the real database: pause, resume and
// withdraw of an approved listing with a marketplace token; another account's listing is 404, a move
// the status does not allow is 409, no credential is 401; a paused service leaves the search route.
import { describe, expect, it } from "vitest";
import { approveListing, rejectListing } from "@/server/listings/review-decision";
import { editListing, submitListing } from "@/server/listings/listings";
import { createAgent, createPerson } from "@/server/reviews/test-actors";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import * as pause from "./[id]/pause/route";
import * as resume from "./[id]/resume/route";
import * as withdraw from "./[id]/withdraw/route";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function move(handler: unknown, name: string, id: string, token: string | null) {
  const headers: Record<string, string> = token ? { "x-marketplace-token": token } : {};
  const res = await (handler as Handler)(
    new Request(`http://marketplace.test/api/listings/${id}/${name}`, { method: "POST", headers }),
    { params: Promise.resolve({ id }) },
  );
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("POST /api/listings/{id}/pause|resume|withdraw", () => {
  it("moves the owner's approved listing; refuses others, wrong statuses and no credential", async () => {
    const agent = await createAgent();
    const id = await listingWithPayees(agent, [newPayee().address]);
    expect((await move(pause.POST, "pause", id, agent.token)).status).toBe(409);
    await editListing(agent, id, { name: "Route Moves Check", primaryCapability: "web-data" });
    await submitListing(agent, id);
    await approveListing(await createPerson("operator"), { listingId: id, revision: 1 });

    expect((await move(pause.POST, "pause", id, null)).status).toBe(401);
    const other = await createAgent();
    const foreign = await move(pause.POST, "pause", id, other.token);
    expect(foreign).toMatchObject({ status: 404, body: { error: "not_found" } });

    const paused = await move(pause.POST, "pause", id, agent.token);
    expect(paused).toMatchObject({ status: 200, body: { ok: true, listing: { id, status: "paused" } } });
    expect(await move(pause.POST, "pause", id, agent.token)).toMatchObject({
      status: 409,
      body: { error: "conflict" },
    });
    expect(await move(resume.POST, "resume", id, agent.token)).toMatchObject({
      status: 200,
      body: { listing: { status: "approved" } },
    });
    expect(await move(withdraw.POST, "withdraw", id, agent.token)).toMatchObject({
      status: 200,
      body: { listing: { status: "withdrawn" } },
    });
    expect(await move(withdraw.POST, "withdraw", id, agent.token)).toMatchObject({
      status: 409,
      body: { error: "conflict" },
    });
    expect((await move(resume.POST, "resume", id, agent.token)).status).toBe(409);
  });

  it("pauses a listing whose edit was rejected: its approved service is still live", async () => {
    const agent = await createAgent();
    const operator = await createPerson("operator");
    const id = await listingWithPayees(agent, [newPayee().address]);
    await editListing(agent, id, { name: "Route Moves Rejected Edit", primaryCapability: "web-data" });
    await submitListing(agent, id);
    await approveListing(operator, { listingId: id, revision: 1 });
    await editListing(agent, id, { description: "An edit the operator rejects." });
    await submitListing(agent, id);
    await rejectListing(operator, { listingId: id, revision: 2, reason: "Not better." });
    expect(await move(pause.POST, "pause", id, agent.token)).toMatchObject({
      status: 200,
      body: { listing: { status: "paused" } },
    });
    expect(await move(resume.POST, "resume", id, agent.token)).toMatchObject({
      status: 200,
      body: { listing: { status: "approved" } },
    });
  });
});
