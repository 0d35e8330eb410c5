import { z } from 'zod';
import { spokenTime } from '@shared/receptionist/business-time';
import { resolveWhen } from '@shared/receptionist/date-phrases';
import { BOOKING_HORIZON_DAYS, findOpenSlots, SLOT_MINUTES } from '@shared/receptionist/slots';
import type { Tool, ToolContext } from './tool-types';

/** Booked appointments and the connected calendar's busy times, as busy ranges over the booking horizon. */
export async function busyRanges({ business, now, services }: ToolContext) {
  const from = new Date(now.getTime() - 86_400_000);
  const until = new Date(now.getTime() + (BOOKING_HORIZON_DAYS + 2) * 86_400_000);
  const [booked, calendarBusy] = await Promise.all([
    services.appointments.listBetween(business.ownerId, from, until),
    services.calendar?.busy(business.ownerId, from, until) ?? [],
  ]);
  return [
    ...booked
      .filter((a) => a.status === 'booked')
      .map((a) => ({ start: new Date(a.starts_at), end: new Date(a.ends_at) })),
    ...calendarBusy,
  ];
}

/**
 * Open times for what the caller asked ("tomorrow afternoon", "next Tuesday at 3"): the words are resolved
 * by code in the business's time zone, then opening hours minus booked appointments give the slots.
 */
export const findSlotsTool: Tool<{ when: string }> = {
  name: 'find_open_slots',
  description:
    "Find open appointment times. Pass the caller's own words about when (e.g. 'tomorrow afternoon', 'next Tuesday at 3', 'the 5th'); pass 'soon' if they gave none. Offer only the times it returns.",
  args: z.object({ when: z.string().max(200) }),
  async run(context, { when }) {
    const { business, now, state } = context;
    const request = resolveWhen(when, now, business.timeZone);
    const answer = findOpenSlots({
      when: request,
      now,
      timeZone: business.timeZone,
      hours: business.weeklyHours,
      busy: await busyRanges(context),
    });
    const slots = answer.slots.map((slot) => ({
      start: slot.toISOString(),
      end: new Date(slot.getTime() + SLOT_MINUTES * 60_000).toISOString(),
      spoken: spokenTime(slot, business.timeZone),
    }));
    state.memory.offered = slots.map((s) => s.start);
    const offered = slots.map((s) => s.spoken).join('; ');
    return {
      ok: slots.length > 0,
      summary: answer.exact
        ? `Slot offered: ${slots[0]!.spoken}`
        : slots.length > 0
          ? `Slots offered: ${offered}`
          : 'No open slots found',
      data: {
        requested_time_free: Boolean(answer.exact),
        ...(answer.problem ? { problem: answer.problem } : {}),
        understood: request ? true : false,
        slots,
      },
    };
  },
};
