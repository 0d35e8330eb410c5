import { describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

/** Issue 12 §4: the config's `authorized_modules` is what is set up plus operator grants. */
describe('honest capability coverage: modules in effect', async () => {
  const { app, deps, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'coverage-owner');
  const modules = async () => {
    const response = await app.request(`/oauth/users/${owner.sub}/config`, {
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { authorized_modules: string[] }).authorized_modules;
  };

  it('nothing set up, nothing granted: no modules', async () => {
    await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Coverage Cuts' });
    expect(await modules()).toEqual([]);
  });

  it('an assistant phone number turns sms on', async () => {
    await deps.data.businessConfigs.updateConfigFields(owner.sub, { assistant_phone: '+14155550177' });
    expect(await modules()).toEqual(['sms']);
  });

  it('a connected personal calendar turns scheduling on; an expired one turns it off again', async () => {
    await deps.data.calendarConnections.saveConnected(owner.sub, 'calendly', {
      access_token_enc: 'sealed',
    });
    expect(await modules()).toEqual(['sms', 'scheduling']);
    await deps.data.calendarConnections.markExpired(owner.sub, 'calendly');
    expect(await modules()).toEqual(['sms']);
  });

  it('the Business Calendar turns scheduling on', async () => {
    const created = await app.request(`/oauth/users/${owner.sub}/create-calendar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(200);
    expect(await modules()).toEqual(['sms', 'scheduling']);
  });

  it('operator grants add to them, and the stored attribute keeps only the grants', async () => {
    await deps.data.businessConfigs.updateConfigFields(owner.sub, {
      authorized_modules: ['escalation', 'booking'],
    });
    expect(await modules()).toEqual(['sms', 'booking', 'scheduling', 'escalation']);
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.authorized_modules).toEqual([
      'escalation',
      'booking',
    ]);
  });

  it('the owner still cannot write modules themselves', async () => {
    const response = await app.request(`/oauth/users/${owner.sub}/config`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ authorized_modules: ['pricing'] }),
    });
    expect(response.status).toBe(400);
    expect(await modules()).not.toContain('pricing');
  });
});
