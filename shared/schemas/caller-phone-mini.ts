import * as z from 'zod/mini';
import {
  CALLER_PHONE_CHECK,
  isWrittenAsE164Phone,
  MAX_PHONE_SCHEMA_CHARS,
  toE164OfPhone,
} from '../phone/phone-number';
import { useEnglishZodMessages } from '../zod-english';

useEnglishZodMessages();
const { rule, message } = CALLER_PHONE_CHECK;

/**
 * callerPhoneSchema (phone-number.ts) written with `zod/mini`: the same checks, issues and E.164 answer
 * (caller-phone-mini.test.ts holds the two together). A caller's first ring validates the called number with
 * it and loads no more of zod; the classic one stays for the API's schemas, whose OpenAPI document needs the
 * classic API's methods (docs/decisions/186-cold-start.md, session 43).
 */
export const callerPhoneMiniSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.maxLength(MAX_PHONE_SCHEMA_CHARS, { message, abort: true }),
    z.refine((value: string) => isWrittenAsE164Phone(value, rule), message),
  ),
  z.transform(toE164OfPhone),
);
