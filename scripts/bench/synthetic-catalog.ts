// Synthetic catalogs for benchmarks (never committed): the seeded catalog multiplied to `size`
// services. Copies get a distinguishing word in their name, their base's offers, facts and
// evidence, and an embedding equal to their base's plus seeded noise (embedding 100,000 texts
// with the real model would take hours; the vector math costs the same).
import { createPrismaClient } from "../../server/db";
import { bumpCatalogVersion, refreshTermIndex, refreshSearchDocuments } from "../../server/catalog/search-index";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID, normalize } from "../../server/search/embeddings/model";
import { vectorToBytes } from "../../server/search/embeddings/refresh-embeddings";
import { refreshSentenceEmbeddings } from "../../server/search/embeddings/sentence-embeddings";

const WORDS = [
  "Prime",
  "Edge",
  "Nova",
  "Atlas",
  "Pulse",
  "Vector",
  "Harbor",
  "Summit",
  "Beacon",
  "Quartz",
  "Orbit",
  "Cedar",
  "Lumen",
  "Ridge",
  "Delta",
  "Echo",
];

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function buildSyntheticCatalog(
  databaseUrl: string,
  size: number,
  log: (m: string) => void,
): Promise<void> {
  const db = createPrismaClient(databaseUrl, 4);
  try {
    const base = await db.service.count();
    const copies = Math.ceil(size / base) - 1;
    log(`copying ${base} seeded services ${copies} times`);
    // Copy n of service s gets id s.id || '_' || n; all of its rows follow.
    await db.$executeRawUnsafe(`CREATE TEMP TABLE copy_no AS SELECT n FROM generate_series(1, ${copies}) n`);
    const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(",")}]`;
    await db.$executeRawUnsafe(`
      INSERT INTO services (id, source_id, slug, protocol, protocols, name, website, service_url, hostname, description, docs_url, capabilities,
        primary_capability, tags, supports_credits, calls_30d, unique_payers_30d, test_status, tested_at, entity_slug, entity_name, entity_website,
        entity_cataloged, catalog_source, catalog_observed_at, updated_at)
      SELECT s.id || '_' || c.n, s.source_id || ':' || c.n, s.slug || '-' || c.n, s.protocol, s.protocols,
        s.name || ' ' || (${words})[1 + (c.n % ${WORDS.length})] || ' ' || c.n, s.website, s.service_url, s.hostname, s.description, s.docs_url,
        s.capabilities, s.primary_capability, s.tags, s.supports_credits, (s.calls_30d * ((c.n % 7) + 1)) / 8, s.unique_payers_30d / 2, s.test_status,
        s.tested_at, s.entity_slug, s.entity_name, s.entity_website, s.entity_cataloged, s.catalog_source, s.catalog_observed_at, now()
      FROM services s CROSS JOIN copy_no c WHERE s.id NOT LIKE 'svc\\_%\\_%' ESCAPE '\\'
      ORDER BY c.n, s.id LIMIT ${size - base}`);
    await db.$executeRawUnsafe(`
      INSERT INTO offers (id, service_id, protocol, method, path, provider_url, routed_by_marketplace, description, price_atomic, dynamic_price, unit_type, intent, example_input, docs_url, position)
      SELECT o.id || '_' || split_part(s.id, '_', 3), s.id, o.protocol, o.method, o.path, o.provider_url, o.routed_by_marketplace, o.description, o.price_atomic,
        o.dynamic_price, o.unit_type, o.intent, o.example_input, o.docs_url, o.position
      FROM services s JOIN offers o ON o.service_id = split_part(s.id, '_', 1) || '_' || split_part(s.id, '_', 2) WHERE s.id LIKE 'svc\\_%\\_%' ESCAPE '\\'`);
    await db.$executeRawUnsafe(`
      INSERT INTO service_facts (id, service_id, key, value, text, source, observed_at)
      SELECT gen_random_uuid(), s.id, f.key, f.value, f.text, f.source, f.observed_at
      FROM services s JOIN service_facts f ON f.service_id = split_part(s.id, '_', 1) || '_' || split_part(s.id, '_', 2) WHERE s.id LIKE 'svc\\_%\\_%' ESCAPE '\\'`);
    await db.$executeRawUnsafe(`
      INSERT INTO service_evidence (id, service_id, text, source, position)
      SELECT gen_random_uuid(), s.id, e.text, e.source, e.position
      FROM services s JOIN service_evidence e ON e.service_id = split_part(s.id, '_', 1) || '_' || split_part(s.id, '_', 2) WHERE s.id LIKE 'svc\\_%\\_%' ESCAPE '\\'`);
    log("building full-text documents and BM25 postings");
    await refreshSearchDocuments(db);
    await refreshTermIndex(db);

    log("writing embeddings (base vector + seeded noise)");
    const bases = await db.serviceEmbedding.findMany({ select: { serviceId: true, vector: true } });
    const baseVec = new Map(bases.map((b) => [b.serviceId, new Float32Array(new Uint8Array(b.vector).buffer)]));
    const ids = (
      await db.$queryRawUnsafe<{ id: string }[]>(
        `SELECT id FROM services WHERE id LIKE 'svc\\_%\\_%' ESCAPE '\\' ORDER BY id`,
      )
    ).map((r) => r.id);
    const rand = mulberry32(42);
    for (let i = 0; i < ids.length; i += 1000) {
      const data = ids.slice(i, i + 1000).map((id) => {
        const v = Float32Array.from(baseVec.get(id.split("_").slice(0, 2).join("_"))!);
        for (let d = 0; d < EMBEDDING_DIMS; d++) v[d]! += (rand() - 0.5) * 0.02;
        return {
          serviceId: id,
          model: EMBEDDING_MODEL_ID,
          dims: EMBEDDING_DIMS,
          vector: vectorToBytes(normalize(v)),
          textHash: "synthetic",
        };
      });
      await db.serviceEmbedding.createMany({ data });
    }
    await db.$executeRawUnsafe("ANALYZE");
    // Copies keep their base's evidence texts, so these are the base's vectors (keyed by text).
    await refreshSentenceEmbeddings(db);
    await bumpCatalogVersion(db);
  } finally {
    await db.$disconnect();
  }
}
