// The benchmarks' settings from the environment: a whole number of at least 1, or the default.
export const positiveInt = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not ${raw}`);
  return n;
};
