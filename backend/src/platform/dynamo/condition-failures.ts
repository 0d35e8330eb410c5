/**
 * How DynamoDB says a conditional write was refused, in one place: every invariant of the data layer (one
 * booking per slot, one number per owner, an event handled once…) rests on reading these right.
 */
type DynamoError = { name?: string; CancellationReasons?: Array<{ Code?: string }> };

/** A single conditional write refused because its condition did not hold. */
export const isConditionFailure = (error: unknown) =>
  (error as DynamoError).name === 'ConditionalCheckFailedException';

/**
 * For a cancelled transaction, which of its items failed their condition (in the transaction's order);
 * undefined for any other error. A transaction cancelled for another reason (a conflict) has none.
 */
export const transactionConditionFailures = (error: unknown): boolean[] | undefined => {
  const failure = error as DynamoError;
  if (failure.name !== 'TransactionCanceledException') return undefined;
  return (failure.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');
};

/** A single write's condition, or any item's condition in a transaction, did not hold. */
export const isAnyConditionFailure = (error: unknown) =>
  isConditionFailure(error) || (transactionConditionFailures(error)?.some(Boolean) ?? false);

/** Sends a conditional write whose refused condition means "nothing to do here"; true when it was written. */
export async function unlessConditionFails(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isAnyConditionFailure(error)) return false;
    throw error;
  }
}
