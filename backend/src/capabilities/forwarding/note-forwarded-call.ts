import { forwardedCallOf, type ForwardedCall } from '@shared/forwarding';
import type { ForwardingDeps } from './deps';

/**
 * The voice webhook's one call for forwarding (docs/decisions/172-forwarding.md): when Twilio says the call
 * was forwarded to the assistant number (ForwardedFrom), forwarding is recorded as verified (the first time)
 * and last seen now. It runs only after the webhook's signature was checked. A failed write is logged, never
 * the caller's problem: the call is answered either way. Answers how the call was forwarded, if it was.
 */
export async function noteForwardedCall(
  deps: Pick<ForwardingDeps, 'logger' | 'now'> & { data: Pick<ForwardingDeps['data'], 'forwarding'> },
  line: {
    ownerId: string;
    config: { phone_number?: string | undefined; assistant_phone?: string | undefined };
  },
  call: { CallSid: string; To: string; ForwardedFrom?: string | undefined; Called?: string | undefined },
): Promise<ForwardedCall | undefined> {
  const forwarded = forwardedCallOf(call, line.config);
  if (!forwarded) return undefined;
  try {
    await deps.data.forwarding.recordForwardedCall(line.ownerId, {
      forwardedFrom: forwarded.forwardedFrom,
      at: deps.now(),
    });
    deps.logger.info('voice.forwarded_call', {
      callSid: call.CallSid,
      fromBusinessLine: forwarded.fromBusinessLine,
    });
  } catch (error) {
    deps.logger.warn('voice.forwarded_call_not_recorded', { callSid: call.CallSid, error: String(error) });
  }
  return forwarded;
}
