import { expect, it } from 'vitest';
import { formatDollars } from './deposits';

it('formatDollars drops the cents of whole dollars and keeps them otherwise', () => {
  expect(formatDollars(2500)).toBe('$25');
  expect(formatDollars(1250)).toBe('$12.50');
  expect(formatDollars(5)).toBe('$0.05');
  expect(formatDollars(0)).toBe('$0');
});

it('formatDollars groups thousands, as the Get paid card shows a running total', () => {
  expect(formatDollars(1_438_000)).toBe('$14,380');
  expect(formatDollars(100_000)).toBe('$1,000');
  expect(formatDollars(99_900)).toBe('$999');
  expect(formatDollars(123_456_789)).toBe('$1,234,567.89');
  expect(formatDollars(-2500)).toBe('-$25');
});
