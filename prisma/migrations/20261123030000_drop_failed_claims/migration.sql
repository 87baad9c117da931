-- Keys bind only to a verified payer (docs/decisions.md "Payments"). Before, every refused claim
-- was kept as a 'failed' row, so a forged authorization.from could hold a payer's key (422 forever)
-- and each forged request left a row. A failed purchase was never charged: dropping those rows frees
-- the keys and the space; rows written from now on are failed only after a verified payment's
-- settle was refused.
DELETE FROM purchases WHERE state = 'failed' AND "transaction" IS NULL;
