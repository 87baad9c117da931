-- The purchase ledger keeps the answer of a queued purchase without the status credential of its
-- order (server/orders/sealed-order-answer.ts): answers stored in clear before are sealed the same
-- way (the credential is an HMAC of the order id, derived again on replay, and the order keeps its hash).
UPDATE "purchases"
SET "response_body" = regexp_replace("response_body", '"statusAuthorization":"osa_[A-Za-z0-9_-]+"', '"statusAuthorization":null')
WHERE "response_body" LIKE '%"statusAuthorization":"osa\_%';
