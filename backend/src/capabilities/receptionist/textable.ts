import { isNorthAmericanPhone } from '@shared/phone/phone-number';

/**
 * Whether the assistant may start a text to this number: US and Canadian numbers only, as from the
 * assistant's own US/Canadian number (docs/decisions/166-phone-numbers.md). A texter abroad still gets every
 * reply in their own thread.
 */
export const isTextable = (phone: string | undefined): phone is string => isNorthAmericanPhone(phone);
