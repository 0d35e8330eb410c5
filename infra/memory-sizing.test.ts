import { describe, expect, it } from 'vitest';
import {
  chosenMemoryMb,
  deployedHeapFlags,
  lambdaHeapFlags,
  cpuSlowdown,
  FULL_VCPU_MB,
  MEMORY_CANDIDATES_MB,
  REQUEST_PROFILES,
  secondsAt,
  SIZING,
  waitAt,
  type FunctionKind,
} from './lib/memory-sizing';

describe('memory sizes from measured init and request times', () => {
  it('scales only the CPU-bound part, and not beyond one full vCPU', () => {
    expect(cpuSlowdown(FULL_VCPU_MB)).toBe(1);
    expect(cpuSlowdown(3008)).toBe(1);
    expect(cpuSlowdown(512)).toBeCloseTo(3.455, 3);
    // A relay turn: 15 ms of CPU and 1,985 ms waiting for the model.
    expect(secondsAt(REQUEST_PROFILES.relayTurn, FULL_VCPU_MB)).toBeCloseTo(2, 6);
    expect(secondsAt(REQUEST_PROFILES.relayTurn, 512)).toBeCloseTo((15 * 1769) / 512 / 1000 + 1.985, 6);
  });

  it('counts the init in a cold wait only', () => {
    const t = SIZING.telephony;
    expect(waitAt('telephony', 1024)).toBeCloseTo(
      ((t.initCpuMs + t.request.cpuMs) * 1769) / 1024 + t.request.waitMs,
      6,
    );
    expect(waitAt('socket', 512)).toBeCloseTo((SIZING.socket.request.cpuMs * 1769) / 512, 6);
  });

  it.each(['api', 'telephony', 'socket'] as FunctionKind[])(
    'gives %s the smallest candidate whose wait is within its budget',
    (kind) => {
      const chosen = chosenMemoryMb(kind);
      const best = waitAt(kind, FULL_VCPU_MB);
      expect(waitAt(kind, chosen) - best).toBeLessThanOrEqual(SIZING[kind].budgetMs);
      const smaller = MEMORY_CANDIDATES_MB.filter((mb) => mb < chosen);
      for (const mb of smaller) expect(waitAt(kind, mb) - best).toBeGreaterThan(SIZING[kind].budgetMs);
    },
  );

  it('sizes a caller’s first ring at one full vCPU and the nobody-waits function at 512 MB', () => {
    expect(chosenMemoryMb('telephony')).toBe(FULL_VCPU_MB);
    expect(chosenMemoryMb('notifications')).toBe(512);
  });
});

describe('the heap limits of a deployed function', () => {
  it("follows Lambda's bootstrap: a tenth of the memory for the young generation, in two halves", () => {
    expect(lambdaHeapFlags(1024)).toBe('--max-semi-space-size=51 --max-old-space-size=922');
    expect(lambdaHeapFlags(1769)).toBe('--max-semi-space-size=88 --max-old-space-size=1593');
    expect(lambdaHeapFlags(512)).toBe('--max-semi-space-size=25 --max-old-space-size=461');
  });

  it('uses each function’s chosen memory size', () => {
    expect(deployedHeapFlags('api')).toBe(lambdaHeapFlags(chosenMemoryMb('api')));
    expect(deployedHeapFlags('notifications')).toBe(lambdaHeapFlags(512));
  });
});
