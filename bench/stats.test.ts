import { describe, expect, it } from 'vitest';
import { median, percentile, round } from './stats';

describe('percentile (nearest rank)', () => {
  const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  it('takes the value at rank ceil(p/100 × n)', () => {
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(percentile(sorted, 91)).toBe(10);
    expect(percentile(sorted, 90)).toBe(9);
  });

  it('clamps to the first and last sample', () => {
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile(sorted, 100)).toBe(10);
    expect(percentile([7], 99)).toBe(7);
  });

  it('refuses an empty sample', () => {
    expect(() => percentile([], 50)).toThrow('percentile of no samples');
  });
});

describe('median', () => {
  it('is the middle value of an odd count, unsorted input included', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves its input in place', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

it('round keeps two digits by default', () => {
  expect(round(1.23456)).toBe(1.23);
  expect(round(1.23456, 3)).toBe(1.235);
});
