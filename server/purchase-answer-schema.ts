// The fields a paid ad's and a queued product's success answer share after `ok`, as pure zod (the
// typed client checks answers with them): whether it is a replay, and under which key it was bought.
import { z } from "zod";

export const purchaseAnswerFields = {
  idempotentReplay: z
    .boolean()
    .describe(
      "true when this is the stored answer of a completed purchase, replayed for its original credential; nothing is charged again.",
    ),
  requestId: z.string().describe("The purchase's idempotency key (`request_id` or Idempotency-Key)."),
};
