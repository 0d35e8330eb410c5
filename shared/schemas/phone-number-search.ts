import { z } from 'zod';
import { availablePhoneNumberSchema } from './phone-numbers';

/**
 * What the wizard accepts from GET /oauth/phone-numbers/available (spec §7: "response may hold numbers,
 * phone_numbers or a bare array"; spec §2 step 4: each entry's number as phone_number or number). Our API
 * answers `availablePhoneNumbersResponseSchema`; this is the client's tolerant reading of the same data, and
 * it turns every accepted shape into the one list the step shows.
 */
const offeredNumberSchema = availablePhoneNumberSchema
  .partial({ phone_number: true, friendly_name: true })
  .extend({ number: z.string().optional() })
  .transform((n) => {
    const { number, ...rest } = n;
    const phone = n.phone_number ?? number ?? '';
    return { ...rest, phone_number: phone, friendly_name: n.friendly_name ?? phone };
  });
const offeredListSchema = z.array(offeredNumberSchema);

export const availablePhoneNumbersAnswerSchema = z
  .union([
    offeredListSchema,
    z.object({ numbers: offeredListSchema }),
    z.object({ phone_numbers: offeredListSchema }),
    // An object with neither list offers nothing (the step then shows its "none found" state).
    z.looseObject({}).transform(() => []),
  ])
  .transform((answer) =>
    (Array.isArray(answer) ? answer : 'numbers' in answer ? answer.numbers : answer.phone_numbers).filter(
      (n) => n.phone_number !== '',
    ),
  );
