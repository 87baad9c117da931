import type { Company, VendorSpec } from "./spec";
import { get, post } from "./spec";

const VAULTLINE: Company = { slug: "vaultline", name: "Vaultline", domain: "vaultline.io" };

export const STORAGE_VENDORS: VendorSpec[] = [
  {
    slug: "vaultline-blob",
    name: "Vaultline Blob",
    domain: "vaultline.io",
    api: "https://blob.vaultline.io",
    docs: "https://docs.vaultline.io/blob",
    company: VAULTLINE,
    topic: "storage",
    what: "object uploads and downloads",
    description:
      "Pay-per-request object storage for agents without an account: upload a file, get a stable URL and prepay storage time with x402. S3-style keys and presigned downloads.",
    tags: ["object-storage", "blobs", "files", "presigned-urls"],
    evidence: [
      "Objects are owned by the wallet address that paid for the upload.",
      "Price scales with object size and retention; the listed price covers 10 MB for 30 days.",
      "An S3-compatible endpoint is planned for 2027.",
      "Objects are replicated across three availability zones.",
    ],
    offers: [
      post(
        "/v1/objects",
        "0.002",
        "Uploads an object of up to 100 MB and stores it for 30 days.",
        {
          key: "reports/2026-10/summary.pdf",
          content_type: "application/pdf",
          source_url: "https://example.com/tmp/summary.pdf",
          days: 30,
        },
        true,
      ),
      get("/v1/objects", "0.0005", "Downloads an object or returns a presigned URL.", {
        key: "reports/2026-10/summary.pdf",
        presign: "true",
      }),
      post("/v1/objects/extend", "0.001", "Extends retention of an object by up to 365 days.", {
        key: "reports/2026-10/summary.pdf",
        days: 90,
      }),
      get("/v1/objects/list", "0.0005", "Lists objects under a prefix owned by the paying wallet.", {
        prefix: "reports/",
        limit: "100",
      }),
    ],
  },
  {
    slug: "vaultline-sites",
    name: "Vaultline Sites",
    domain: "vaultline.io",
    api: "https://sites.vaultline.io",
    docs: "https://docs.vaultline.io/sites",
    company: VAULTLINE,
    topic: "storage",
    what: "static site deploys",
    description:
      "Static site hosting paid per deploy: upload a zip of files and get an HTTPS subdomain within seconds. For agents that publish reports, dashboards or landing pages.",
    tags: ["static-hosting", "websites", "deploy", "cdn"],
    evidence: [
      "Sites are served through a global CDN with automatic HTTPS.",
      "Custom domains are not supported yet; they are planned for the first quarter of 2027.",
      "Deploys are limited to 500 MB and 10,000 files.",
    ],
    offers: [
      post("/v1/deploys", "0.05", "Deploys a zip of static files to a subdomain for 30 days.", {
        zip_url: "https://example.com/build/site.zip",
        subdomain: "q3-report-acme",
      }),
      get("/v1/deploys/status", "0.0005", "Status and URL of a deploy.", { id: "vs_dep_8812" }),
    ],
  },
  {
    slug: "pinwheel-ipfs",
    name: "Pinwheel IPFS",
    domain: "pinwheel.storage",
    topic: "storage",
    what: "IPFS pins",
    description:
      "IPFS pinning with a dedicated gateway: add content by upload or CID and keep it pinned for as long as you prepay. For NFT, archiving and decentralized-app agents.",
    tags: ["ipfs", "pinning", "decentralized", "cid"],
    evidence: [
      "Each pin is held on at least three nodes in different regions.",
      "Gateway responses are cached at the edge indefinitely because content is immutable.",
      "CAR file uploads are supported.",
    ],
    offers: [
      post(
        "/v1/pins",
        "0.003",
        "Pins content by upload or existing CID for 30 days.",
        { cid: "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi", days: 30 },
        true,
      ),
      get("/v1/pins", "0.0005", "Status of a pin and its replication.", {
        cid: "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi",
      }),
      post("/v1/upload", "0.004", "Uploads a file of up to 1 GB, returns its CID and pins it.", {
        source_url: "https://example.com/art/0042.png",
        name: "0042.png",
      }),
    ],
  },
  {
    slug: "arkive-permanent",
    name: "Arkive Permanent",
    domain: "arkive.dev",
    topic: "storage",
    what: "permanent uploads",
    description:
      "One-time payment for permanent storage on a decentralized permaweb network, with a receipt transaction id. For agents that must keep audit logs, research data or provenance records forever.",
    tags: ["permanent-storage", "permaweb", "archiving", "immutability"],
    evidence: [
      "Stored data cannot be deleted or modified.",
      "Price is per megabyte and tracks the network's current storage fee.",
      "Data is readable from the gateway immediately, before the transaction is confirmed.",
    ],
    offers: [
      post(
        "/v1/store",
        "0.05",
        "Stores up to 1 MB permanently and returns the transaction id.",
        { content_type: "application/json", data: { run_id: "r-2291", result: "ok" }, tags: { app: "audit-log" } },
        true,
      ),
      get("/v1/tx", "0.0005", "Confirmation status and data URL for a transaction id.", { id: "z7Kq1xR4mT" }),
    ],
  },
  {
    slug: "keystone-kv",
    name: "Keystone KV",
    domain: "keystonekv.dev",
    topic: "storage",
    what: "key-value reads and writes",
    description:
      "Global key-value store with per-key TTLs and atomic counters, namespaced by the paying wallet. For agents that need small durable state between runs without running a database.",
    tags: ["key-value", "state", "ttl", "counters"],
    evidence: [
      "Writes are strongly consistent within a region and replicate to other regions within about a second.",
      "Namespaces are isolated per paying wallet address.",
      "Values larger than 1 MB are rejected.",
    ],
    offers: [
      post("/v1/kv/set", "0.0005", "Sets a key of up to 1 MB with an optional TTL.", {
        key: "agent:run:last_cursor",
        value: "c_88120",
        ttl_seconds: 604800,
      }),
      get("/v1/kv/get", "0.0005", "Reads a key.", { key: "agent:run:last_cursor" }),
      post("/v1/kv/incr", "0.0005", "Atomically increments a counter.", { key: "daily:calls:2026-11-01", by: 1 }),
      get("/v1/kv/scan", "0.001", "Lists keys by prefix.", { prefix: "agent:run:", limit: "100" }),
    ],
  },
  {
    slug: "shardbase-sql",
    name: "Shardbase SQL",
    domain: "shardbase.dev",
    topic: "storage",
    what: "SQL queries",
    description:
      "Serverless SQLite databases created and queried over HTTP, one database per agent or task. For agents that want SQL over their own data without provisioning anything.",
    tags: ["sqlite", "serverless", "sql", "database"],
    fix: { euDataResidency: true },
    evidence: [
      "Each database is limited to 2 GB.",
      "Point-in-time restore covers the last 7 days.",
      "Full-text search and JSON functions are enabled.",
    ],
    offers: [
      post("/v1/databases", "0.01", "Creates a database that lives for 90 days.", {
        name: "price-tracker",
        region: "eu-west",
      }),
      post("/v1/query", "0.001", "Runs one SQL statement or a transaction of statements.", {
        database: "price-tracker",
        sql: "SELECT sku, MIN(price) FROM prices WHERE seen_at > ? GROUP BY sku",
        params: ["2026-10-01"],
      }),
      get("/v1/databases/export", "0.005", "Downloads the database as a SQLite file.", { database: "price-tracker" }),
    ],
  },
  {
    slug: "quiver-vectors",
    name: "Quiver Vectors",
    domain: "quivervectors.com",
    topic: "storage",
    what: "vector queries",
    also: "ai-models",
    description:
      "Managed vector index with metadata filters: upsert embeddings, query by similarity and pay per operation. For RAG and memory agents that do not want to run a vector database.",
    tags: ["vector-database", "embeddings", "similarity-search", "rag"],
    evidence: [
      "Indexes support up to 3,072 dimensions.",
      "Hybrid search combining keyword and vector scores is planned but not yet available.",
      "Storage for the first 30 days is included in the upsert price.",
    ],
    offers: [
      post("/v1/indexes", "0.02", "Creates an index with a dimension and distance metric.", {
        name: "support-kb",
        dimension: 1024,
        metric: "cosine",
      }),
      post("/v1/upsert", "0.001", "Upserts up to 100 vectors with metadata.", {
        index: "support-kb",
        vectors: [{ id: "doc-1#0", values: [0.012, -0.044, 0.31], metadata: { source: "faq", lang: "en" } }],
      }),
      post("/v1/query", "0.0008", "Top-k nearest vectors with an optional metadata filter.", {
        index: "support-kb",
        vector: [0.01, -0.04, 0.3],
        top_k: 8,
        filter: { lang: "en" },
      }),
    ],
  },
  {
    slug: "memoria",
    name: "Memoria",
    domain: "memoria.dev",
    topic: "storage",
    what: "memory recalls",
    also: "ai-models",
    description:
      "Long-term memory for agents: store facts and episodes, then recall the most relevant ones for a new task, with automatic summarization. Works across sessions, keyed by wallet or user id.",
    tags: ["agent-memory", "recall", "rag", "personalization"],
    evidence: [
      "Similar memories are merged automatically to avoid duplicates.",
      "Memories can be deleted at any time, and deletion takes effect immediately.",
    ],
    offers: [
      post("/v1/memories", "0.002", "Stores a memory with optional tags and user scope.", {
        user: "u_4410",
        text: "Prefers aisle seats and vegetarian meals on flights.",
        tags: ["travel", "preferences"],
      }),
      post("/v1/recall", "0.003", "Returns the most relevant memories for a query.", {
        user: "u_4410",
        query: "book a flight to Denver next week",
        limit: 5,
      }),
      post("/v1/forget", "0.0005", "Deletes memories by id or tag.", { user: "u_4410", tag: "travel" }),
    ],
  },
  {
    slug: "ferry-files",
    name: "Ferry Files",
    domain: "ferryfiles.io",
    topic: "storage",
    what: "expiring file links",
    description:
      "Temporary file sharing: upload a file and get a download link that expires after a set time or number of downloads. For agents handing files to humans or other agents.",
    tags: ["file-sharing", "expiring-links", "temporary", "transfer"],
    evidence: ["Files are deleted permanently when the link expires.", "Links can be protected with a password."],
    offers: [
      post("/v1/files", "0.002", "Uploads a file of up to 2 GB and returns an expiring link.", {
        source_url: "https://example.com/exports/leads.csv",
        expires_in_hours: 48,
        max_downloads: 3,
      }),
      get("/v1/files/info", "0.0005", "Remaining downloads and expiry for a link.", { id: "ff_8Qd1x" }),
    ],
  },
  {
    slug: "coldstack-archive",
    name: "Coldstack Archive",
    domain: "coldstack.io",
    topic: "storage",
    what: "archive restores",
    description:
      "Low-cost cold archive for data kept for compliance or backup, with restore times measured in hours. For agents archiving logs, datasets and records.",
    tags: ["cold-storage", "archive", "compliance", "backup"],
    evidence: [
      "Standard restores complete within 12 hours, and expedited restores within 1 hour.",
      "Archives are stored with erasure coding across two facilities.",
      "Objects cannot be deleted before their retention period ends.",
    ],
    offers: [
      post(
        "/v1/archives",
        "0.01",
        "Archives a file of up to 5 GB for one year.",
        { source_url: "https://example.com/exports/2025-logs.tar.zst", retention_years: 1 },
        true,
      ),
      post("/v1/restores", "0.02", "Requests a restore of an archive to a temporary download URL.", {
        archive_id: "cs_arc_5521",
        tier: "standard",
      }),
      get("/v1/restores/status", "0.0005", "Status of a restore request.", { id: "cs_rst_118" }),
    ],
  },
  {
    slug: "tallyhall-logs",
    name: "Tallyhall Logs",
    domain: "tallyhall.dev",
    topic: "storage",
    what: "log writes and queries",
    description:
      "Append-only event log for agents, with filter queries over recent events. For agents recording their actions, tool calls and decisions for later audit.",
    tags: ["logging", "events", "audit", "observability"],
    evidence: ["Events are immutable once written.", "Queries scan at most 10 million events per request."],
    offers: [
      post("/v1/events", "0.0005", "Appends up to 100 events to a stream.", {
        stream: "agent-actions",
        events: [{ ts: "2026-10-31T14:02:11Z", action: "purchase", amount_usd: 0.02, service: "lumen-index" }],
      }),
      get("/v1/query", "0.002", "Queries a stream with a filter expression and time range.", {
        stream: "agent-actions",
        where: "action = 'purchase'",
        since: "2026-10-01",
      }),
    ],
  },
  {
    slug: "snipbin",
    name: "Snipbin",
    domain: "snipbin.dev",
    topic: "storage",
    what: "pastes",
    description:
      "Paste and snippet hosting with syntax highlighting, raw URLs and optional expiry. A tiny utility for agents sharing logs, code and text with humans.",
    tags: ["pastebin", "snippets", "text", "sharing"],
    evidence: ["Pastes are limited to 512 KB.", "Unlisted pastes are not indexed by search engines."],
    offers: [
      post("/v1/pastes", "0.0005", "Creates a paste and returns HTML and raw URLs.", {
        content: 'Traceback (most recent call last):\n  File "main.py", line 12',
        language: "python",
        expires_in_days: 7,
      }),
      get("/v1/pastes/raw", "0.0005", "Raw text of a paste.", { id: "sb_Lk29q" }),
    ],
  },
  {
    slug: "relaybox-queues",
    name: "Relaybox Queues",
    domain: "relaybox.dev",
    topic: "storage",
    what: "queue operations",
    description:
      "Hosted message queues and pub/sub topics over HTTP with at-least-once delivery. For multi-agent systems passing work items between workers.",
    tags: ["queues", "pubsub", "messaging", "multi-agent"],
    fix: { webhooks: true, dataRetentionDays: 14 },
    evidence: [
      "Messages are retained for up to 14 days.",
      "Delivery is at-least-once, so consumers should be idempotent.",
      "Message bodies are limited to 256 KB.",
    ],
    offers: [
      post("/v1/queues/publish", "0.0005", "Publishes a message to a queue.", {
        queue: "scrape-jobs",
        message: { url: "https://example.com/p/1", priority: 2 },
      }),
      post("/v1/queues/receive", "0.0005", "Receives up to 10 messages with a visibility timeout.", {
        queue: "scrape-jobs",
        max: 10,
        visibility_seconds: 60,
      }),
      post("/v1/topics/subscribe", "0.002", "Subscribes a webhook to a topic.", {
        topic: "price-alerts",
        webhook_url: "https://example.com/hooks/price",
      }),
    ],
  },
  {
    slug: "hotshelf-cache",
    name: "Hotshelf Cache",
    domain: "hotshelf.dev",
    topic: "storage",
    what: "cache reads and writes",
    description:
      "Edge cache for expensive results: store a response under a key with a TTL and read it back from the nearest edge location. For agents de-duplicating paid API calls.",
    tags: ["cache", "edge", "ttl", "cost-saving"],
    evidence: ["The maximum TTL is 30 days.", "Reads may return stale values for up to 60 seconds after an overwrite."],
    offers: [
      post("/v1/cache/put", "0.0005", "Stores a value of up to 5 MB with a TTL.", {
        key: "lumen:q=heat+pumps",
        value_url: "https://example.com/tmp/result.json",
        ttl_seconds: 3600,
      }),
      get("/v1/cache/get", "0.0005", "Reads a cached value from the nearest edge.", { key: "lumen:q=heat+pumps" }),
    ],
  },
  {
    slug: "fathom-backup",
    name: "Fathom Backup",
    domain: "fathombackup.com",
    topic: "storage",
    what: "snapshots and restores",
    description:
      "Client-side encrypted backups of files and databases with versioning and point-in-time restore. For agents and small teams protecting working data.",
    tags: ["backup", "encryption", "versioning", "restore"],
    evidence: [
      "With client-side encryption, Fathom cannot read or recover the data if the key is lost.",
      "Snapshots are deduplicated at the block level.",
      "Versions are kept for 90 days by default.",
    ],
    offers: [
      post(
        "/v1/snapshots",
        "0.02",
        "Creates an encrypted snapshot from a source URL.",
        { source_url: "https://example.com/exports/db.sqlite", encryption: "client", label: "nightly-2026-10-31" },
        true,
      ),
      get("/v1/snapshots", "0.0005", "Lists snapshots with sizes and labels.", { label_prefix: "nightly-" }),
      post("/v1/restore", "0.01", "Restores a snapshot to a temporary download URL.", { snapshot_id: "fb_snap_7781" }),
    ],
  },
  {
    slug: "tabletop-datasets",
    name: "Tabletop Datasets",
    domain: "tabletopdata.io",
    topic: "storage",
    what: "dataset queries",
    also: "web-data",
    description:
      "Hosts CSV and Parquet datasets and lets agents query them with SQL over HTTP without downloading them. For analysis agents sharing tabular data.",
    tags: ["datasets", "parquet", "sql", "analytics"],
    evidence: [
      "Query results are limited to 100,000 rows; larger results are written to a file.",
      "CSV schemas are inferred from the first 10,000 rows.",
    ],
    offers: [
      post("/v1/datasets", "0.01", "Uploads a CSV or Parquet file of up to 5 GB as a queryable dataset.", {
        source_url: "https://example.com/data/trips-2026-09.parquet",
        name: "trips-sept",
      }),
      post(
        "/v1/sql",
        "0.003",
        "Runs a read-only SQL query over one or more datasets.",
        { sql: 'SELECT borough, avg(fare) FROM "trips-sept" GROUP BY 1 ORDER BY 2 DESC' },
        true,
      ),
    ],
  },
  {
    slug: "lockbox-secrets",
    name: "Lockbox Secrets",
    domain: "lockboxsecrets.dev",
    topic: "storage",
    what: "secret reads",
    description:
      "A secrets vault for agents: store API keys and tokens encrypted, and fetch them at runtime with a signature from an allowed wallet. For autonomous agents that must not keep secrets in prompts.",
    tags: ["secrets", "encryption", "credentials", "security"],
    evidence: [
      "Secrets are encrypted with per-tenant keys held in hardware security modules.",
      "Every read is written to an audit log available to the owner.",
    ],
    offers: [
      post("/v1/secrets", "0.002", "Stores an encrypted secret.", {
        name: "crm_api_key",
        value: "<redacted>",
        allowed_wallets: ["0x4b1e5c0a2d7f9e3b8c6a1d0e2f4a6b8c9d0e9a2c"],
      }),
      post("/v1/secrets/read", "0.001", "Reads a secret with a signed challenge from an allowed wallet.", {
        name: "crm_api_key",
        signature: "0x3f9a...c41b",
      }),
    ],
  },
  {
    slug: "chronoshelf",
    name: "Chronoshelf",
    domain: "chronoshelf.io",
    topic: "storage",
    what: "time-series writes and queries",
    description:
      "Time-series storage with downsampling and range queries over HTTP. For monitoring and IoT agents that log sensor readings or metrics.",
    tags: ["time-series", "metrics", "iot", "downsampling"],
    fix: { dataRetentionDays: 30 },
    evidence: ["Raw points are kept for 30 days, and hourly rollups for 2 years.", "Series can carry up to 16 tags."],
    offers: [
      post("/v1/write", "0.0005", "Writes up to 5,000 points in line protocol or JSON.", {
        series: "greenhouse.temp",
        points: [
          { t: "2026-10-31T12:00:00Z", v: 21.4 },
          { t: "2026-10-31T12:05:00Z", v: 21.6 },
        ],
      }),
      get("/v1/query", "0.001", "Range query with aggregation.", {
        series: "greenhouse.temp",
        from: "2026-10-01",
        to: "2026-10-31",
        step: "1h",
        agg: "mean",
      }),
    ],
  },
  {
    slug: "gantry-cdn",
    name: "Gantry CDN",
    domain: "gantrycdn.com",
    topic: "storage",
    what: "CDN uploads",
    also: "media",
    description:
      "Upload images and files to a CDN and get fast public URLs, with optional on-the-fly image resizing. For agents publishing media on websites and in emails.",
    tags: ["cdn", "hosting", "images", "delivery"],
    evidence: [
      "Assets are served from 140 edge locations.",
      "Image URLs accept width, height and format parameters for on-the-fly resizing.",
      "The upload price includes 10 GB of egress per asset per month.",
    ],
    offers: [
      post("/v1/assets", "0.003", "Uploads an asset and returns a CDN URL.", {
        source_url: "https://example.com/img/launch-hero.png",
        path: "campaigns/launch/hero.png",
      }),
      get("/v1/assets/stats", "0.001", "Bandwidth and request counts for an asset over 30 days.", {
        path: "campaigns/launch/hero.png",
      }),
    ],
  },
  {
    slug: "folio-docs",
    name: "Folio Docs",
    domain: "foliodocs.dev",
    topic: "storage",
    what: "document reads and queries",
    description:
      "JSON document store with collections, secondary indexes and simple queries over HTTP. For agents storing structured records such as leads, tasks or scraped items.",
    tags: ["document-database", "json", "nosql", "collections"],
    evidence: ["Documents are limited to 1 MB.", "Up to 10 secondary indexes can be created per collection."],
    offers: [
      post("/v1/docs", "0.0005", "Inserts or replaces a JSON document in a collection.", {
        collection: "leads",
        id: "lead_0192",
        doc: { company: "Tidepool Robotics", stage: "contacted", score: 72 },
      }),
      post("/v1/find", "0.001", "Finds documents matching a filter, with sort and limit.", {
        collection: "leads",
        filter: { stage: "contacted", score: { $gte: 60 } },
        sort: { score: -1 },
        limit: 20,
      }),
      get("/v1/docs", "0.0005", "Reads a document by id.", { collection: "leads", id: "lead_0192" }),
    ],
  },
  {
    slug: "stampwell",
    name: "Stampwell",
    domain: "stampwell.io",
    topic: "storage",
    what: "timestamp proofs",
    description:
      "Notarizes hashes of files or data by anchoring them to public blockchains and returns verifiable timestamp proofs. For agents proving that a document or output existed at a point in time.",
    tags: ["timestamping", "notarization", "proofs", "blockchain"],
    evidence: [
      "Only hashes are sent to Stampwell; the underlying data never leaves the caller.",
      "Proofs follow the OpenTimestamps format and can be verified without Stampwell.",
    ],
    offers: [
      post("/v1/stamp", "0.005", "Anchors a SHA-256 hash and returns a pending proof.", {
        sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        label: "contract-v3.pdf",
      }),
      get("/v1/proof", "0.0005", "Completed proof with the anchoring transaction.", { id: "sw_pr_2231" }),
      post("/v1/verify", "0.001", "Verifies a proof against a hash.", {
        sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        proof_id: "sw_pr_2231",
      }),
    ],
  },
  {
    slug: "nodegarden-graph",
    name: "Nodegarden Graph",
    domain: "nodegarden.dev",
    topic: "storage",
    what: "graph queries",
    description:
      "Hosted property-graph database queried over HTTP with a Cypher-like language, for knowledge graphs and relationship-heavy agent memory.",
    tags: ["graph-database", "knowledge-graph", "relationships", "queries"],
    evidence: [
      "Graphs are limited to 5 million nodes and 20 million edges.",
      "Queries are cancelled after 30 seconds of execution.",
    ],
    offers: [
      post("/v1/graphs", "0.01", "Creates a graph.", { name: "supplier-map" }),
      post("/v1/query", "0.002", "Runs a read or write graph query.", {
        graph: "supplier-map",
        query: "MATCH (s:Supplier)-[:SHIPS_TO]->(p:Plant {city: $city}) RETURN s.name",
        params: { city: "Monterrey" },
      }),
    ],
  },
];
