-- Failed fulfilment attempts of a paid purchase: the reconciler backs off by it and, past a
-- threshold, the failure is logged as needing an operator.
ALTER TABLE "purchases" ADD COLUMN "fulfil_failures" INTEGER NOT NULL DEFAULT 0;
