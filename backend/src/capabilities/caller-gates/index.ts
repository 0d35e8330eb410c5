export { textBackMissedCall, missedCallTextOf } from './missed-call-text-back';
export type { MissedCall, MissedCallTextOutcome } from './missed-call-text-back';
