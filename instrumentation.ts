// Next.js calls register() once when the server starts: the payment reconciler runs in the
// Node.js server process (not in the edge runtime, where NEXT_RUNTIME differs), as does the expiry of
// placements whose duration ended; the sandbox provider serves the seeded offers on loopback, and the
// probe scheduler checks every offer's unpaid answer (server/probes/); the test-job worker runs the
// marketplace tests that approvals and terms changes enqueued (server/marketplace-tests/test-job-worker.ts);
// the retention jobs purge what grows with traffic (server/retention/, docs/operations.md "Retention").
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Tracing before anything else loads (pg must be required after its instrumentation): off unless
  // the OTEL_* variables ask for it (server/observability/tracing.ts).
  const { startTracing } = await import("./server/observability/tracing");
  startTracing();
  // Before the first request: TRACE/TRACK make Next.js fail with a 500 before proxy.ts runs.
  const { refuseUntraceableMethods } = await import("./server/proxy/refuse-untraceable-methods");
  refuseUntraceableMethods();
  // Prometheus metrics (server/metrics/): the registry from the start, and the METRICS_PORT listener.
  const { startMetrics } = await import("./server/metrics/start-metrics");
  startMetrics();
  const [{ startReconciler }, { paymentRuntime }, { startOrderExpiry }] = await Promise.all([
    import("./server/payments/reconciler"),
    import("./server/products/shop-runtime"),
    import("./server/orders/order-expiry"),
  ]);
  const runtime = paymentRuntime();
  startReconciler(runtime);
  startOrderExpiry();
  // x402 batch-settlement: claims, settlements and idle refunds of the channels, one instance at a time.
  const { startBatchSettlement } = await import("./server/payments/batch-jobs/run-batch-settlement");
  startBatchSettlement(runtime);
  // The sandbox provider of the seeded catalog, while the local facilitator is active (off otherwise).
  const { runSandbox } = await import("./server/sandbox/run-sandbox");
  const sandbox = runSandbox();
  // The probes of every catalogued offer (PROBE_ENABLED), once the sandbox answers.
  const { startProbes } = await import("./server/probes/run-probes");
  void startProbes(sandbox);
  // The scheduled purges of the tables that grow with traffic (server/retention/; RETENTION_ENABLED),
  // the raw probes' roll-up among them: each job leased by one instance at a time.
  const { startRetention } = await import("./server/retention/run-retention");
  startRetention();
  // The marketplace tests owed after a listing approval or a payment-terms change, from the queue every
  // instance shares (server/marketplace-tests/run-test-jobs.ts; TEST_JOBS_ENABLED), once the sandbox answers.
  const { startTestJobs } = await import("./server/marketplace-tests/run-test-jobs");
  void startTestJobs(sandbox);
}
