import { describe, expect, it } from 'vitest';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { dashboardGuard } from './dashboard-guard';

const complete: Partial<BusinessConfig> = {
  business_id: 'b1',
  business_name: 'Bright Smile Dental',
  phone_number: '+14155550142',
  website: 'https://brightsmile.example.com',
  address: '1 Main St',
  business_description: 'Dentist',
  assistant_name: 'Ava',
  voice_settings: { voice_id: 'v1' },
  formality: 'Business Casual',
  verbosity: 'Concise',
  empathy: 'Polite and Neutral',
  assistant_phone: '+14155550100',
  manager_number: '+14155550199',
  escalation_email: 'dana@example.com',
  objective_template: 'new_patient_intake',
};
const owner = { userId: 'u1', verified: true };
const loaded = (config: Partial<BusinessConfig> | null) => ({ state: 'loaded' as const, config });

describe('dashboardGuard', () => {
  it('sends a signed-out visitor and an unverified e-mail user to /login', () => {
    expect(dashboardGuard(null, loaded(complete))).toEqual({ redirect: '/login' });
    expect(dashboardGuard({ userId: 'u1', verified: false }, loaded(complete))).toEqual({
      redirect: '/login',
    });
  });

  it('sends an owner without a user id to /setup', () => {
    expect(dashboardGuard({ verified: true }, loaded(complete))).toEqual({ redirect: '/setup' });
  });

  it('waits while the config loads, and sends a failed load to /setup', () => {
    expect(dashboardGuard(owner, { state: 'loading' })).toEqual({ redirect: null, ready: false });
    expect(dashboardGuard(owner, { state: 'error' })).toEqual({ redirect: '/setup' });
  });

  it('sends an owner with no config, no phone or an incomplete step to /setup', () => {
    expect(dashboardGuard(owner, loaded(null))).toEqual({ redirect: '/setup' });
    expect(dashboardGuard(owner, loaded({ ...complete, phone_number: '' }))).toEqual({ redirect: '/setup' });
    expect(dashboardGuard(owner, loaded({ ...complete, escalation_email: undefined }))).toEqual({
      redirect: '/setup',
    });
    expect(dashboardGuard(owner, loaded({ ...complete, objective_template: undefined }))).toEqual({
      redirect: '/setup',
    });
  });

  it('lets an owner with all six steps complete in', () => {
    expect(dashboardGuard(owner, loaded(complete))).toEqual({ redirect: null, ready: true });
  });
});
