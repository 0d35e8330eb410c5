import { describe, expect, it } from 'vitest';
import { REMINDER_TEXTS } from '@shared/reminders';
import { validateReminderForm } from './reminder-form';

const valid = { enabled: true, offsets_hours: [24, 2], quiet_start_hour: 21, quiet_end_hour: 8, note: '' };

describe('the reminder settings form (the API schema, field by field)', () => {
  it('accepts the offered choices', () => {
    expect(validateReminderForm(valid)).toMatchObject({ ok: true, value: { offsets_hours: [24, 2] } });
  });

  it('names each wrong field with the shared message', () => {
    expect(validateReminderForm({ ...valid, offsets_hours: [48, 24, 2] })).toEqual({
      ok: false,
      errors: { offsets_hours: REMINDER_TEXTS.tooManyOffsets },
    });
    expect(validateReminderForm({ ...valid, offsets_hours: [] })).toEqual({
      ok: false,
      errors: { offsets_hours: REMINDER_TEXTS.offsetRequired },
    });
    expect(validateReminderForm({ ...valid, note: 'Visit https://example.com' })).toEqual({
      ok: false,
      errors: { note: REMINDER_TEXTS.noteNoLinks },
    });
    expect(validateReminderForm({ ...valid, quiet_start_hour: 23 })).toEqual({
      ok: false,
      errors: { quiet_start_hour: REMINDER_TEXTS.badQuietStart },
    });
  });
});
