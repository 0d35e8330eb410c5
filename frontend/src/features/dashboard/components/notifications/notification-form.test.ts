import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, URGENT_SMS_REASONS } from '@shared/notifications';
import { validateNotificationForm } from './notification-form';

const base = {
  summary_email: true,
  urgent_sms: false,
  urgent_sms_number: '',
  urgent_sms_reasons: [...URGENT_SMS_REASONS],
  daily_digest: true,
  email: 'owner@example.com',
};

describe('validateNotificationForm', () => {
  it('accepts a typed US mobile and stores it in E.164', () => {
    const result = validateNotificationForm({
      ...base,
      urgent_sms: true,
      urgent_sms_number: '(415) 555-0123',
      urgent_sms_reasons: ['message_taken'],
    });
    expect(result).toEqual({
      ok: true,
      value: {
        ...base,
        urgent_sms: true,
        urgent_sms_number: '+14155550123',
        urgent_sms_reasons: ['message_taken'],
      },
    });
  });

  it('names each wrong field with the shared message', () => {
    expect(validateNotificationForm({ ...base, urgent_sms: true })).toEqual({
      ok: false,
      errors: { urgent_sms_number: NOTIFICATION_TEXTS.mobileRequired },
    });
    expect(
      validateNotificationForm({
        ...base,
        urgent_sms: true,
        urgent_sms_number: '+44 20 7946 0958',
        email: 'x',
      }),
    ).toEqual({
      ok: false,
      errors: { urgent_sms_number: NOTIFICATION_TEXTS.invalidMobile, email: NOTIFICATION_TEXTS.invalidEmail },
    });
    expect(
      validateNotificationForm({
        ...base,
        urgent_sms: true,
        urgent_sms_number: '4155550123',
        urgent_sms_reasons: [],
      }),
    ).toEqual({ ok: false, errors: { urgent_sms_reasons: NOTIFICATION_TEXTS.reasonRequired } });
  });

  it('lets texts be off with no mobile', () => {
    expect(validateNotificationForm({ ...base, urgent_sms_reasons: [] }).ok).toBe(true);
  });
});
