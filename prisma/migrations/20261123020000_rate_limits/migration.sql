-- Free API and tRPC rate-limit counters, shared by every app instance. The shape is the one the
-- RateLimiterPostgres store of rate-limiter-flexible expects (key, points, expire in epoch ms).
-- The app runs it with tableCreated: true, so no DDL is issued at run time.
CREATE TABLE "rate_limits" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);
