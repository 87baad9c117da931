// A purchase row's payment method in SQL, by the same marks methodOf (server/payments/methods/) reads
// in JavaScript: an MPP credential's `mpp` kind in the stored payload, the x402 scheme in the stored
// requirements. Grouping in the database keeps the dashboard's sales one aggregate, not a row scan in
// JavaScript. dashboard.test.ts checks it against methodOf for a row of every method.
import { Prisma } from "../generated/prisma/client";

export const PURCHASE_METHOD_SQL = Prisma.sql`CASE
  WHEN protocol = 'mpp' THEN CASE payment_payload->>'mpp' WHEN 'stripe' THEN 'mpp-stripe' WHEN 'tempo' THEN 'mpp-tempo' ELSE 'mpp-evm' END
  WHEN payment_requirements->>'scheme' = 'batch-settlement' THEN 'x402-batch'
  ELSE 'x402-exact' END`;
