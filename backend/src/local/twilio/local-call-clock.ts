import type { CallClock } from '../../providers/telephony/port';

/**
 * The local phone can place a call "as if at" another moment, so the answer modes' opening-hours rule can be
 * tried at 11:00 on a Tuesday or 21:00 on a Friday on one machine (docs/decisions/173-answer-modes.md). The
 * local Twilio carries that moment on its webhook requests in this header; only the local stand-ins read it,
 * so a deployed app never does (real Twilio sends no such header, and nothing deployed wires this clock).
 */
export const LOCAL_CALL_TIME_HEADER = 'X-Local-Call-Time';

export const localCallClock: CallClock = (request) => {
  const value = request.headers.get(LOCAL_CALL_TIME_HEADER);
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
};
