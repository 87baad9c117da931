// Next.js calls register() once when the server starts: the payment reconciler runs in the
// Node.js server process (not in the edge runtime, where NEXT_RUNTIME differs).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ startReconciler }, { paymentRuntime }] = await Promise.all([import("./server/payments/reconciler"), import("./server/payments/payment-runtime")]);
  startReconciler(paymentRuntime());
}
