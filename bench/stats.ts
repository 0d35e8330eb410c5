/** Small statistics helpers shared by the stages. */

/** Nearest-rank percentile of already sorted values (p in 0..100). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds for the results file: enough digits to compare runs, not float noise. */
export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export const kb = (bytes: number) => round(bytes / 1024, 2);
