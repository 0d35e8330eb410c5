import { describe, expect, it } from 'vitest';
import { recordingCallbackSchema, recordingOf, recordingView } from './recording-rules';

const callback = recordingCallbackSchema.parse({
  AccountSid: `AC${'1'.repeat(32)}`,
  CallSid: `CA${'2'.repeat(32)}`,
  RecordingSid: `RE${'3'.repeat(32)}`,
  RecordingStatus: 'completed',
  RecordingDuration: '42',
  RecordingChannels: '2',
  RecordingUrl: 'https://api.twilio.com/…',
});
const call = {
  owner_id: 'owner-1',
  conversation_id: `call-CA${'2'.repeat(32)}`,
  caller: '+14155550123',
  started_at: '2026-11-29T23:30:00.000Z',
};

describe('recording rules', () => {
  it('files the recording on its call, due when the transcript expires (counted from the call start)', () => {
    const at = new Date('2026-11-29T23:45:00.000Z');
    const recording = recordingOf(callback, call, 30, undefined, at);
    expect(recording).toMatchObject({
      owner_id: 'owner-1',
      caller: '+14155550123',
      status: 'completed',
      duration_seconds: 42,
      channels: 2,
      created_at: at.toISOString(),
      due_day: '2026-12-29',
    });
    // A retry keeps the first time it was stored.
    const later = recordingOf(callback, call, 30, recording, new Date('2026-11-30T00:00:00.000Z'));
    expect(later.created_at).toBe(at.toISOString());
  });

  it('takes no duration from an in-progress callback, and shows the owner no sid', () => {
    const progress = recordingCallbackSchema.parse({ ...callback, RecordingStatus: 'in-progress' });
    const recording = recordingOf(progress, call, 365, undefined, new Date());
    expect(recording.duration_seconds).toBeUndefined();
    expect(JSON.stringify(recordingView(recording))).not.toContain('RE333');
  });

  it('refuses what Twilio would never send', () => {
    for (const bad of [
      { RecordingSid: 'RE123' },
      { RecordingStatus: 'paused' },
      { CallSid: 'CA' },
      { RecordingChannels: '3' },
    ])
      expect(recordingCallbackSchema.safeParse({ ...callback, ...bad }).success).toBe(false);
  });
});
