// The review record of the specification (its section "Review record"), field by
// field, in both forms, as GET /api/reviews and GET /api/reviews/{id} answer it for every seeded review.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { GET as getOne } from "./[id]/route";
import { GET as getList } from "./route";

type Kind =
  "string" | "integer" | "boolean" | "string[]" | "epoch-ms" | "revision" | "engagement" | "comments" | "purchase";
interface Field {
  kind: Kind;
  list: "required" | "optional" | "absent";
  full: "required" | "optional" | "absent";
}

// The specification's table; `subject` is the list form's name for `company`; `actorType` and
// `verifiedCall` are our documented additions (docs/decisions.md "Reviews"), `verifiedPurchase` too ("Receipts").
const SPEC: Record<string, Field> = {
  id: { kind: "string", list: "required", full: "required" },
  url: { kind: "string", list: "required", full: "required" },
  slug: { kind: "string", list: "required", full: "required" },
  company: { kind: "string", list: "absent", full: "required" },
  subject: { kind: "string", list: "required", full: "absent" },
  actorType: { kind: "string", list: "required", full: "required" },
  org: { kind: "string", list: "required", full: "required" },
  name: { kind: "string", list: "optional", full: "required" },
  rating: { kind: "integer", list: "required", full: "required" },
  title: { kind: "string", list: "required", full: "required" },
  tags: { kind: "string[]", list: "required", full: "required" },
  body: { kind: "string", list: "required", full: "required" },
  link: { kind: "string", list: "optional", full: "required" },
  created_at: { kind: "epoch-ms", list: "required", full: "required" },
  updated_at: { kind: "epoch-ms", list: "absent", full: "required" },
  revision: { kind: "revision", list: "required", full: "required" },
  engagement: { kind: "engagement", list: "required", full: "required" },
  comments: { kind: "comments", list: "required", full: "required" },
  verifiedCall: { kind: "boolean", list: "required", full: "required" },
  verifiedPurchase: { kind: "purchase", list: "required", full: "required" },
};

const isEpochMs = (v: unknown) =>
  Number.isInteger(v) && (v as number) > Date.UTC(2000, 0, 1) && (v as number) < Date.UTC(2100, 0, 1);

function expectKind(kind: Kind, value: unknown, where: string) {
  switch (kind) {
    case "string":
      expect(typeof value, where).toBe("string");
      break;
    case "integer":
      expect(Number.isInteger(value), where).toBe(true);
      break;
    case "boolean":
      expect(typeof value, where).toBe("boolean");
      break;
    case "purchase":
      // null, or what the receipt that backs the review proves (no seeded review presents one).
      if (value !== null)
        expect(Object.keys(value as object).sort(), where).toEqual(["amount", "asset", "network", "paid_at"]);
      break;
    case "string[]":
      expect(Array.isArray(value) && value.every((t) => typeof t === "string"), where).toBe(true);
      break;
    case "epoch-ms":
      expect(isEpochMs(value), `${where}: ${String(value)}`).toBe(true);
      break;
    case "revision": {
      const r = value as Record<string, unknown>;
      expect(Object.keys(r).sort(), where).toEqual(
        r.humanReviewStatus === "reviewed"
          ? ["count", "humanReviewStatus", "humanReviewedAt"]
          : ["count", "humanReviewStatus"],
      );
      expect(Number.isInteger(r.count) && (r.count as number) >= 1, where).toBe(true);
      expect(["not_required", "reviewed"], where).toContain(r.humanReviewStatus);
      if (r.humanReviewStatus === "reviewed") expect(isEpochMs(r.humanReviewedAt), where).toBe(true);
      break;
    }
    case "engagement": {
      const e = value as Record<string, Record<string, unknown>>;
      expect(Object.keys(e).sort(), where).toEqual(["comments", "favorites", "likes"]);
      for (const c of Object.values(e)) {
        expect(Object.keys(c).sort(), where).toEqual(["human", "llm"]);
        for (const n of Object.values(c)) expect(Number.isInteger(n) && (n as number) >= 0, where).toBe(true);
      }
      break;
    }
    case "comments": {
      expect(Array.isArray(value), where).toBe(true);
      for (const c of value as Record<string, unknown>[]) {
        expect(Object.keys(c).sort(), where).toEqual(["actorType", "body", "created_at", "id", "name"]);
        expect(typeof c.id === "string" && typeof c.name === "string" && typeof c.body === "string", where).toBe(true);
        expect(["llm", "human"], where).toContain(c.actorType);
        expect(isEpochMs(c.created_at), where).toBe(true);
      }
      break;
    }
  }
}

function expectForm(form: "list" | "full", review: Record<string, unknown>) {
  const where = `${form} ${String(review.id)}`;
  for (const [name, field] of Object.entries(SPEC)) {
    const rule = field[form];
    if (rule === "absent") expect(review, `${where} has no ${name}`).not.toHaveProperty(name);
    else if (rule === "required") expect(review, `${where} has ${name}`).toHaveProperty(name);
    if (name in review) expectKind(field.kind, review[name], `${where}.${name}`);
  }
  expect(
    Object.keys(review).filter((k) => !(k in SPEC)),
    `${where}: fields outside the table`,
  ).toEqual([]);
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function allListed(): Promise<Record<string, unknown>[]> {
  const seen: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const res = await getList(
      new Request(`http://marketplace.test/api/reviews?limit=100${cursor ? `&cursor=${cursor}` : ""}`),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { reviews: Record<string, unknown>[]; nextCursor: string | null };
    seen.push(...body.reviews);
    cursor = body.nextCursor;
  } while (cursor);
  return seen;
}

describe("the review record, field by field", () => {
  it("list form: every listed review has the list form's fields and types, and its published comments", async () => {
    const listed = await allListed();
    expect(listed.length).toBe(await db.review.count({ where: { status: "published" } }));
    for (const r of listed) expectForm("list", r);
    // The comments array is there for every review (the specification does not exempt the list form).
    const withComments = listed.filter((r) => (r.comments as unknown[]).length > 0);
    expect(withComments.length).toBeGreaterThan(100);
    for (const r of withComments.slice(0, 50)) {
      const rows = await db.comment.findMany({
        where: { reviewId: r.id as string, status: "published" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true },
      });
      expect((r.comments as { id: string }[]).map((c) => c.id)).toEqual(rows.slice(0, 20).map((c) => c.id));
    }
  });

  it("full form: every seeded review has the full form's fields and types; link is always there", async () => {
    const ids = await db.review.findMany({
      where: { status: "published" },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    // The seed's 620, and the marketplace's test review of each service its seed-time tests reached.
    expect(ids.length).toBe(620 + (await db.service.count({ where: { testReviewId: { not: null } } })));
    for (const { id } of ids) {
      const res = await getOne(new Request(`http://marketplace.test/api/reviews/${id}`), params(id));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { ok: boolean; review: Record<string, unknown> };
      expect(Object.keys(body).sort()).toEqual(["ok", "review"]);
      expect(body.ok).toBe(true);
      expectForm("full", body.review);
    }
  }, 120_000);

  it("a review without a stored link shows its service's endpoint: the first offer's provider URL and path, else the service URL", async () => {
    const missing = await db.review.findMany({
      where: { link: null, status: "published" },
      select: {
        id: true,
        service: {
          select: {
            serviceUrl: true,
            offers: {
              orderBy: [{ position: "asc" }, { id: "asc" }],
              take: 1,
              select: { providerUrl: true, path: true },
            },
          },
        },
      },
    });
    // 123 of the seed's, and every marketplace test review (it names no single endpoint).
    expect(missing.length).toBe(123 + (await db.service.count({ where: { testReviewId: { not: null } } })));
    for (const r of missing) {
      const res = await getOne(new Request(`http://marketplace.test/api/reviews/${r.id}`), params(r.id));
      const { review } = (await res.json()) as { review: { link: string } };
      const offer = r.service.offers[0];
      expect(review.link).toBe(offer ? `${offer.providerUrl}${offer.path}` : r.service.serviceUrl);
      expect(new URL(review.link).protocol).toMatch(/^https?:$/);
    }
    // A service without offers falls back to its own URL.
    const one = missing[0]!;
    const serviceId = (await db.review.findUniqueOrThrow({ where: { id: one.id }, select: { serviceId: true } }))
      .serviceId;
    const offers = await db.offer.findMany({ where: { serviceId } });
    await db.offer.deleteMany({ where: { serviceId } });
    try {
      const res = await getOne(new Request(`http://marketplace.test/api/reviews/${one.id}`), params(one.id));
      expect(((await res.json()) as { review: { link: string } }).review.link).toBe(one.service.serviceUrl);
    } finally {
      await db.offer.createMany({ data: offers.map((o) => ({ ...o, exampleInput: o.exampleInput ?? undefined })) });
    }
  });

  it("list form carries at most 20 comments (the oldest), full form all of them; the counters count all", async () => {
    const review = await db.review.findFirstOrThrow({
      where: { status: "published" },
      select: { id: true, serviceId: true, service: { select: { slug: true } } },
    });
    await db.comment.deleteMany({ where: { reviewId: review.id } });
    const base = Date.UTC(2026, 0, 1);
    await db.comment.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        reviewId: review.id,
        actorType: i % 2 ? "human" : "llm",
        name: `c${i}`,
        body: `comment ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    });
    const res = await getOne(new Request(`http://marketplace.test/api/reviews/${review.id}`), params(review.id));
    const full = (
      (await res.json()) as {
        review: { comments: { name: string }[]; engagement: { comments: { llm: number; human: number } } };
      }
    ).review;
    expect(full.comments.map((c) => c.name)).toEqual(Array.from({ length: 25 }, (_, i) => `c${i}`));
    expect(full.engagement.comments).toEqual({ llm: 13, human: 12 });

    const listed = (await allListedFor(review.service.slug)).find((r) => r.id === review.id)!;
    expect((listed.comments as { name: string }[]).map((c) => c.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${i}`),
    );
    expect(listed.engagement).toMatchObject({ comments: { llm: 13, human: 12 } });
  });
});

async function allListedFor(slug: string): Promise<Record<string, unknown>[]> {
  const res = await getList(new Request(`http://marketplace.test/api/reviews?service=${slug}&limit=100`));
  return ((await res.json()) as { reviews: Record<string, unknown>[] }).reviews;
}
