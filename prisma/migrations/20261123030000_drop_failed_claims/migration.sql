-- Keys bind only to a verified payer (docs/decisions.md, Payments). Before, every refused claim
-- was kept as a failed row, so a forged authorization.from could hold the key of a payer (422
-- forever) and each forged request left a row. A failed purchase was never charged: dropping
-- those rows frees the keys and the space. Rows written from now on are failed only after the
-- settle of a verified payment was refused.
DELETE FROM purchases WHERE state = 'failed' AND "transaction" IS NULL;
