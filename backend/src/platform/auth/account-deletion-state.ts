/** An account being deleted (`deleting`, locked) or deleted (kept until its last token has expired). */
export type AccountDeletionState = 'deleting' | 'deleted';

/** The state a stored marker stands for (TTL deletes lazily: an expired one counts as absent). */
export function stateOf(
  item: Record<string, unknown> | undefined,
  nowSeconds: number,
): AccountDeletionState | undefined {
  if (!item) return undefined;
  if (item.expires_at !== undefined && Number(item.expires_at) < nowSeconds) return undefined;
  return item.status === 'deleted' ? 'deleted' : 'deleting';
}
