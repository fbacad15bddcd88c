/** Reading the benches' tuning variables (BENCH_*) from the environment. */

/** The variable as a number above 0, or the fallback when it is unset or not one. */
export const positiveNumber = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
