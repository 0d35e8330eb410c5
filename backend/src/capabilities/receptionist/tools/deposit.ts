import { z } from 'zod';
import { callerTexts } from '@shared/caller-texts';
import {
  formatDollars,
  MAX_DEPOSIT_CENTS,
  MAX_DEPOSIT_LINKS_PER_OWNER_PER_DAY,
} from '@shared/receptionist/deposits';
import { depositFor } from '../business-profile';
import { callersAppointment } from './booking-choice';
import { isTextable, type Tool } from './tool-types';

/**
 * Texts the caller a payment link for the deposit on their booking. It only asks: the deposit counts as paid
 * when the signed payment webhook says so (routes/subscription/stripe-webhook-*), never on the caller's word.
 */
export const depositTool: Tool<{ appointment_id?: string }> = {
  name: 'send_deposit_link',
  description:
    'Text the caller a secure link to pay the deposit that holds their booking. Use right after booking when a deposit is required. Never say it is paid: you will not know until the payment is confirmed.',
  args: z.object({ appointment_id: z.string().max(100).optional() }),
  async run(context, args) {
    const { business, state, services } = context;
    if (business.depositCents <= 0)
      return { ok: false, summary: 'Deposits are not taken', data: { reason: 'no_deposit' } };
    const id = args.appointment_id ?? state.memory.booked?.at(-1);
    const appointment = await callersAppointment(context, id);
    if (!appointment)
      return { ok: false, summary: 'No booking to take a deposit for', data: { reason: 'not_found' } };
    // The service's own deposit overrides the business's (0: none for this service).
    const amount = depositFor(business, appointment.service_id);
    if (amount <= 0)
      return { ok: false, summary: 'No deposit for this service', data: { reason: 'no_deposit' } };
    if (amount > MAX_DEPOSIT_CENTS)
      return { ok: false, summary: 'Deposit amount is over the limit', data: { reason: 'over_limit' } };
    if (appointment.deposit?.paid)
      return { ok: true, summary: 'Deposit already paid', data: { already_paid: true } };
    if (!isTextable(appointment.customer_phone) && state.channel !== 'test') {
      return { ok: false, summary: 'No number to text the link to', data: { reason: 'no_number' } };
    }
    if (!(await services.allow(`deposit-links#${business.ownerId}`, MAX_DEPOSIT_LINKS_PER_OWNER_PER_DAY))) {
      return { ok: false, summary: 'Daily deposit link limit reached', data: { reason: 'daily_limit' } };
    }
    const link = await services.createDepositLink({
      ownerId: business.ownerId,
      appointment,
      amountCents: amount,
      conversationId: state.id,
      businessName: business.name,
    });
    await services.appointments.requestDeposit(
      business.ownerId,
      appointment.id,
      amount,
      link.sessionId,
      link.accountId,
    );
    const texted =
      state.channel !== 'test'
        ? await services.sendSms(
            appointment.customer_phone,
            callerTexts(state.language).depositLink(business.name, formatDollars(amount), link.url),
          )
        : false;
    state.achieved.deposit_requested = true;
    return {
      ok: true,
      summary: `Deposit link for ${formatDollars(amount)} ${texted ? 'texted to the caller' : 'created'}`,
      data: { amount: formatDollars(amount), texted, ...(state.channel === 'test' ? { url: link.url } : {}) },
    };
  },
};
