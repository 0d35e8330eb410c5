import { z } from 'zod';
import {
  CALLER_PHONE_CHECK,
  isPhone,
  isWrittenAsE164Phone,
  MAX_PHONE_SCHEMA_CHARS,
  toE164OfPhone,
  type PhoneRule,
} from '../phone/phone-number';

/**
 * zod schemas over the phone helper (docs/decisions/166-phone-numbers.md): each checks a number by one of
 * the helper's rules and answers it in E.164, the one form stored and compared.
 */

type PhoneSchemaOptions = {
  /** Which numbers pass (PhoneRule in phone-number.ts). */
  rule: PhoneRule;
  /** The error text of a number that does not pass. */
  message: string;
  /** Longest input read (a person's spaces and brackets included); longer is refused once, the rule unchecked. */
  maxChars?: number;
};

const DEFAULT_MAX_CHARS = MAX_PHONE_SCHEMA_CHARS;

/**
 * A number that arrives in E.164: Twilio's webhooks, the local phone, tool arguments, a number to buy.
 * Answered in canonical E.164 (a Mexican mobile's old '+52 1' form becomes '+52').
 */
export const e164PhoneSchema = ({ rule, message, maxChars = DEFAULT_MAX_CHARS }: PhoneSchemaOptions) =>
  z
    .string()
    .trim()
    .max(maxChars, { message, abort: true })
    .refine((value) => isWrittenAsE164Phone(value, rule), message)
    .transform(toE164OfPhone);

/**
 * A number as a person types it ('(415) 555-0142', '+52 55 1234 5678'; no plus means US/Canada), answered
 * in E.164.
 */
export const typedPhoneSchema = ({ rule, message, maxChars = DEFAULT_MAX_CHARS }: PhoneSchemaOptions) =>
  z
    .string()
    .trim()
    .max(maxChars, { message, abort: true })
    .refine((value) => isPhone(value, rule), message)
    .transform(toE164OfPhone);

/**
 * A caller's number as the phone network delivers it, from any country: right length for its country is
 * enough (the network is the authority on which numbers exist).
 */
export const callerPhoneSchema = e164PhoneSchema(CALLER_PHONE_CHECK);
