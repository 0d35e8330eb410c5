/**
 * What a small-business caller is after, read from their words by rules (the local model's ear). Ordered:
 * the first intent that matches wins, so "cancel my appointment" is a cancellation, not a booking.
 */
export type Intent =
  | 'goodbye'
  | 'human'
  | 'message'
  | 'cancel'
  | 'confirm'
  | 'reschedule'
  | 'deposit'
  | 'book'
  | 'hours'
  | 'address'
  | 'prices'
  | 'services'
  | 'website'
  | 'phone'
  | 'about'
  | 'greeting'
  | 'yes'
  | 'no'
  | 'unknown';
