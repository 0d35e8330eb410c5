import { describe, expect, it } from 'vitest';
import { guessTimeZone } from './time-zones';

describe('guessTimeZone', () => {
  it('reads the state or province of an address', () => {
    expect(guessTimeZone({ address: '500 Market St, San Francisco, CA 94105' })).toBe('America/Los_Angeles');
    expect(guessTimeZone({ address: '12 Main St, Austin, TX 78701, USA' })).toBe('America/Chicago');
    expect(guessTimeZone({ address: '100 Queen St W, Toronto, ON M5H 2N2' })).toBe('America/New_York');
    expect(guessTimeZone({ address: '1 Rue, Calgary, AB T2P 1J9' })).toBe('America/Denver');
  });
  it('falls back to the area code of the phone', () => {
    expect(guessTimeZone({ address: 'somewhere', phone: '+12065550100' })).toBe('America/Los_Angeles');
    expect(guessTimeZone({ phone: '(212) 555-0100' })).toBe('America/New_York');
  });
  it('says nothing when nothing tells', () => {
    expect(guessTimeZone({ address: 'nowhere', phone: '+15555550100' })).toBeUndefined();
  });
});
