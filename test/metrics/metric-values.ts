// Reading this process's metrics in tests: one sample (or the sum of the samples whose labels include
// the given ones) of a counter, a gauge, or a histogram's _count/_sum, from the registry /metrics serves.
import { metrics } from "@/server/metrics/metrics";

const SUFFIX = /_(count|sum|bucket)$/;

/** The value of `name` (a metric, or a histogram's `<name>_count`/`_sum`) summed over the samples whose labels include `labels`. */
export async function metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const { registry } = metrics();
  const metric = registry.getSingleMetric(name) ?? registry.getSingleMetric(name.replace(SUFFIX, ""));
  if (!metric) throw new Error(`no metric ${name}`);
  // A histogram's samples name their series (<name>_bucket, _count, _sum); a counter's and a gauge's do not.
  const values = (await metric.get()).values as {
    value: number;
    labels: Record<string, unknown>;
    metricName?: string;
  }[];
  return values
    .filter((v) => (v.metricName ?? name) === name)
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Runs `work` and returns how much each named sample moved meanwhile. */
export async function deltas<K extends string>(
  samples: Record<K, [string, Record<string, string>?]>,
  work: () => Promise<unknown>,
): Promise<Record<K, number>> {
  const read = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(samples).map(async ([key, sample]) => {
          const [name, labels] = sample as [string, Record<string, string>?];
          return [key, await metricValue(name, labels)] as const;
        }),
      ),
    ) as Record<K, number>;
  const before = await read();
  await work();
  const after = await read();
  return Object.fromEntries(Object.keys(samples).map((k) => [k, after[k as K] - before[k as K]])) as Record<K, number>;
}
