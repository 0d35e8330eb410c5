import { describe, expect, it, vi } from 'vitest';
import { RegistrationProviderError } from '../../backend/src/providers/messaging-registration/port';
import type { LocalMessagingRegistration } from '../../backend/src/local/twilio/local-messaging-registration';
import { TextingNotRegisteredError } from '../../backend/src/capabilities/messaging-registration/texting-gate';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';
import { SAMPLE_REGISTRATION_DETAILS } from '../support/registration-details';

const US_CALLER = '+14155550166';
// Numbers far down the 312 sequence: no other test table picks them.
let nextNumber = 6000;
const freshNumber = () => localStockPage('312', nextNumber++, 1)[0]!.phone_number;

/**
 * Decision 169, "A changed number": the owner's approved A2P campaign sends through their messaging service,
 * so a changed assistant number joins that service, and its US texts wait until it has.
 */
describe('a changed assistant number joins the owner’s A2P messaging service', async () => {
  const { app, deps, services } = await createTestApp();
  const standIn = deps.providers.messagingRegistration as LocalMessagingRegistration;
  expect(standIn.name).toBe('local');

  /** An owner with an assistant number whose registration is approved (campaign submitted with the number). */
  async function approvedOwner(label: string) {
    const user = await createConfirmedUser(services, label);
    await deps.data.businessConfigs.createConfig(user.sub, { business_name: 'Bella Hair Studio' });
    await storeSubscription(deps, user.sub, 'trialing');
    const token = user.tokens.IdToken;
    const change = (phone: string) =>
      callApi(app, 'POST', `/oauth/users/${user.sub}/assistant-phone`, token, { assistant_phone: phone });
    const first = freshNumber();
    expect((await change(first)).status).toBe(200);
    const put = await callApi(
      app,
      'PUT',
      `/oauth/users/${user.sub}/messaging-registration`,
      token,
      SAMPLE_REGISTRATION_DETAILS,
    );
    expect(put.status).toBe(200);
    expect((await callApi(app, 'POST', `/local/a2p/${user.sub}/approve`)).body.state).toBe('approved');
    const view = () => callApi(app, 'GET', `/oauth/users/${user.sub}/messaging-registration`, token);
    return { ownerId: user.sub, first, change, view };
  }
  const stored = (ownerId: string) => deps.data.messagingRegistrations.get(ownerId);
  const sidOf = async (phone: string) => (await deps.data.phoneReservations.get(phone))?.provider_sid;
  const serviceOf = async (ownerId: string) => [
    ...(standIn.services.get((await stored(ownerId))!.refs.messagingServiceSid!) ?? []),
  ];
  const allows = (from: string) => deps.textingGate.allows(from, US_CALLER);
  /** The number is the service's only one and recorded as its number, with nothing left waiting. */
  async function expectJoined(ownerId: string, phone: string) {
    expect(await serviceOf(ownerId)).toEqual([await sidOf(phone)]);
    expect(await stored(ownerId)).toMatchObject({ serviceNumber: phone });
    expect((await stored(ownerId))!.awaitingNumber).toBeUndefined();
  }
  /** The stand-in's attachNumber failing `times` times (a Twilio outage), then working again. */
  const failingAttach = (times: number) => {
    const spy = vi.spyOn(standIn, 'attachNumber');
    for (let n = 0; n < times; n++)
      spy.mockRejectedValueOnce(new RegistrationProviderError('Twilio service number failed: outage'));
    return spy;
  };

  it('moves the service to the new number: the old one leaves it with its release', async () => {
    const owner = await approvedOwner('a2p-change');
    expect(await serviceOf(owner.ownerId)).toEqual([await sidOf(owner.first)]);
    expect(await stored(owner.ownerId)).toMatchObject({ serviceNumber: owner.first });
    expect(await allows(owner.first)).toBe(true);

    const second = freshNumber();
    expect((await owner.change(second)).status).toBe(200);
    await expectJoined(owner.ownerId, second);
    expect(await allows(second)).toBe(true);
    expect(await allows(owner.first)).toBe(false);
    await deps.providers.telephony.sendSms({ from: second, to: US_CALLER, body: 'See you at 3' });
    expect((await owner.view()).body).toMatchObject({ state: 'approved', textingAllowed: true });
    expect((await owner.view()).body.numberPending).toBeUndefined();
  });

  it('holds US texts from a number that failed to join, says so, and lets them go once a retry joins it', async () => {
    const owner = await approvedOwner('a2p-attach-fails');
    const attach = failingAttach(3);
    try {
      const second = freshNumber();
      // The change stands: the number is bought and active, and the answer is a success.
      const changed = await owner.change(second);
      expect(changed.status).toBe(200);
      expect(changed.body.assistant_phone).toBe(second);
      expect((await deps.data.phoneReservations.get(second))?.status).toBe('active');
      expect(await stored(owner.ownerId)).toMatchObject({
        awaitingNumber: second,
        serviceNumber: owner.first,
      });
      // Not in the campaign's service yet (the old number left it with its release): no US texts from it.
      // The held text retried the join (and failed again); the next one, within the minute, does not retry.
      expect(await serviceOf(owner.ownerId)).toEqual([]);
      expect(await allows(second)).toBe(false);
      expect(attach).toHaveBeenCalledTimes(2);
      await expect(
        deps.providers.telephony.sendSms({ from: second, to: US_CALLER, body: 'See you at 3' }),
      ).rejects.toBeInstanceOf(TextingNotRegisteredError);
      // Canadian numbers are outside A2P 10DLC: those texts still go.
      expect(await deps.textingGate.allows(second, '+16045550123')).toBe(true);

      // The Texting tab's read retries; while that fails too, it says the number waits.
      const waiting = await owner.view();
      expect(waiting.body).toMatchObject({ state: 'approved', numberPending: true });
      expect(attach).toHaveBeenCalledTimes(3);

      // The next read's retry joins it: texts flow from the new number.
      const joined = await owner.view();
      expect(joined.body.numberPending).toBeUndefined();
      expect(attach).toHaveBeenCalledTimes(4);
      await expectJoined(owner.ownerId, second);
      expect(await allows(second)).toBe(true);
      // Nothing waits any more: reads do not call the provider again.
      await owner.view();
      expect(attach).toHaveBeenCalledTimes(4);
    } finally {
      attach.mockRestore();
    }
  });

  it('a held text retries the join itself: the number joins and the text goes, without the Texting tab', async () => {
    const owner = await approvedOwner('a2p-join-on-text');
    const attach = failingAttach(1);
    try {
      const second = freshNumber();
      expect((await owner.change(second)).status).toBe(200);
      expect(await stored(owner.ownerId)).toMatchObject({ awaitingNumber: second });
      // The assistant texts a caller: the gate retries the join, which now succeeds, and the text leaves.
      await deps.providers.telephony.sendSms({ from: second, to: US_CALLER, body: 'See you at 3' });
      expect(attach).toHaveBeenCalledTimes(2);
      await expectJoined(owner.ownerId, second);
      const thread = await deps.localTwilioAccount!.thread(second, US_CALLER);
      expect(thread.filter((m) => m.direction === 'outbound').map((m) => m.body)).toEqual(['See you at 3']);
    } finally {
      attach.mockRestore();
    }
  });

  it('retries a failed join when the owner picks the same number again', async () => {
    const owner = await approvedOwner('a2p-repick');
    const attach = failingAttach(1);
    try {
      const second = freshNumber();
      expect((await owner.change(second)).status).toBe(200);
      expect(await stored(owner.ownerId)).toMatchObject({ awaitingNumber: second });
      expect((await owner.change(second)).status).toBe(200);
      expect(attach).toHaveBeenCalledTimes(2);
      expect(await serviceOf(owner.ownerId)).toEqual([await sidOf(second)]);
      expect(await allows(second)).toBe(true);
    } finally {
      attach.mockRestore();
    }
  });

  it('keeps one number in the service, the active one, when changes run in parallel', async () => {
    const owner = await approvedOwner('a2p-parallel');
    for (let round = 0; round < 2; round++) {
      const picks = Array.from({ length: 4 }, freshNumber);
      const answers = await Promise.all(picks.map((phone) => owner.change(phone)));
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
      const held = await deps.data.phoneReservations.heldBy(owner.ownerId);
      const active = held.filter((r) => r.status === 'active');
      expect(active).toHaveLength(1);
      const activePhone = active[0]!.phone_number;
      expect(await serviceOf(owner.ownerId)).toEqual([active[0]!.provider_sid]);
      expect(await stored(owner.ownerId)).toMatchObject({ serviceNumber: activePhone });
      expect(await allows(activePhone)).toBe(true);
      for (const phone of picks.filter((p) => p !== activePhone)) expect(await allows(phone)).toBe(false);
    }
  });

  it('follows Twilio’s rules in the stand-in: an existing service, one service per number', async () => {
    const a = await approvedOwner('a2p-rules-a');
    const b = await approvedOwner('a2p-rules-b');
    const aRefs = (await stored(a.ownerId))!.refs;
    const bNumber = { sid: (await sidOf(b.first))!, phoneNumber: b.first };
    await expect(standIn.attachNumber(aRefs, bNumber)).rejects.toThrow(/21712/);
    await expect(
      standIn.attachNumber({ ...aRefs, messagingServiceSid: `MG${'0'.repeat(32)}` }, bNumber),
    ).rejects.toThrow(/20404/);
    // Joining again is fine (21710).
    await standIn.attachNumber((await stored(b.ownerId))!.refs, bNumber);
    expect(await serviceOf(b.ownerId)).toEqual([bNumber.sid]);
  });
});
