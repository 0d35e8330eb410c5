import { describe, expect, it } from 'vitest';
import { disclosedGreeting, isFinalRecordingStatus, recordingMonthOf } from './call-recordings';

describe('call recordings', () => {
  it('says the disclosure first, in the call’s language first, then every other language served', () => {
    expect(disclosedGreeting('Thanks for calling Bella.', 'en', ['en'])).toBe(
      'This call may be recorded. Thanks for calling Bella.',
    );
    expect(disclosedGreeting('Thanks for calling Bella.', 'en', ['en', 'es'])).toBe(
      'This call may be recorded. Esta llamada puede ser grabada. Thanks for calling Bella.',
    );
    expect(disclosedGreeting('Gracias por llamar.', 'es', ['en', 'es'])).toBe(
      'Esta llamada puede ser grabada. This call may be recorded. Gracias por llamar.',
    );
  });

  it('never moves a recording back to in-progress, and counts by UTC month', () => {
    expect(isFinalRecordingStatus('in-progress')).toBe(false);
    expect(['completed', 'absent', 'failed'].every((s) => isFinalRecordingStatus(s as 'completed'))).toBe(
      true,
    );
    expect(recordingMonthOf(new Date('2026-11-30T23:59:59-05:00'))).toBe('2026-12');
  });
});
