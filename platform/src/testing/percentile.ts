/** The p-th percentile of a sample (nearest rank), NaN when it is empty: what tests and benches report. */
export const percentile = (xs: readonly number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
