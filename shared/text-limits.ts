/**
 * The longest text each input takes (issue 10 §8), one constant per field: the API's schemas refuse longer
 * values and the form's input carries the same `maxLength`, so the browser stops typing where the server
 * would refuse. Fields held by the identity service stay within its attribute limits (custom attributes
 * are created with MaxLength CUSTOM_ATTRIBUTE_MAX_LENGTH).
 */
export const TEXT_LIMITS = {
  /** RFC 5321: the longest address a mail system delivers to. */
  email: 254,
  /** Cognito's limit on a password. */
  password: 256,
  /** A six-digit code, with room for a pasted space. */
  confirmationCode: 10,
  businessName: 200,
  /** A typed phone number with spaces and punctuation (E.164 has at most 15 digits). */
  phone: 25,
  website: 500,
  address: 500,
  /** "City, State" typed into the business search. */
  searchArea: 300,
  businessDescription: 4000,
  assistantName: 100,
  managerName: 100,
  referrerName: 100,
  objectiveGoal: 1000,
} as const;

/** Cognito custom attributes (spec §3) are created with this MaxLength; the identity service enforces it. */
export const CUSTOM_ATTRIBUTE_MAX_LENGTH = 256;
