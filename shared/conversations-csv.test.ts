import { describe, expect, it } from 'vitest';
import { conversationsCsv, csvCell } from './conversations-csv';
import type { Conversation } from './schemas/conversation';

const conversation = (overrides: Partial<Conversation>): Conversation => ({
  id: 'c1',
  business_id: 'b1',
  channel: 'voice',
  caller: '+14155550100',
  started_at: '2026-11-23T02:30:00.000Z',
  ended_at: '2026-11-23T02:32:05.000Z',
  transcript: [],
  objectives_met: {},
  amount_collected_cents: 2500,
  escalated: false,
  outcome: 'deposit_paid',
  summary: 'Deposit of $25 paid',
  ...overrides,
});

describe('conversationsCsv', () => {
  it('writes one row per conversation, oldest first, on the business clock, with the caller’s language, then the service and staff booked (absent = English, none)', () => {
    const csv = conversationsCsv(
      [
        conversation({
          id: 'late',
          started_at: '2026-11-24T18:00:00.000Z',
          ended_at: '2026-11-24T18:00:40.000Z',
          channel: 'sms',
          outcome: 'answered',
          amount_collected_cents: 0,
          summary: 'Asked: “¿Abren el domingo?”',
          language: 'es',
          booked_service: 'Balayage',
          booked_staff: 'Jordan',
        }),
        conversation({}),
      ],
      'America/Los_Angeles',
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Started (America/Los_Angeles),Ended (America/Los_Angeles),Channel,Caller,Duration (s),Outcome,Revenue (USD),Transferred,Summary,Language,Service,Staff',
    );
    expect(lines[1]).toBe(
      '2026-11-22 18:30,2026-11-22 18:32,Call,+14155550100,125,Deposit paid,25.00,no,Deposit of $25 paid,English,,',
    );
    expect(lines[2]).toBe(
      '2026-11-24 10:00,2026-11-24 10:00,SMS,+14155550100,40,Answered,0.00,no,Asked: “¿Abren el domingo?”,Spanish,Balayage,Jordan',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('quotes separators and defuses formulas in untrusted text, but leaves numbers alone', () => {
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+14155550100')).toBe('+14155550100');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });
});
