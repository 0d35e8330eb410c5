import { describe, expect, it } from 'vitest';
import { REALISTIC_TIMING } from '../servers/openai-stream-plan';
import { formatModelLatency, type ModelLatencyFigure } from './model-latency';

const p = (p50: number, p99 = p50 + 10, max = p99 + 5) => ({ p50, p99, max });
const share = { share: 0.96, min: 0.9, pairs: 40, sharedTokens: 96_000, promptTokens: 100_000 };

function figure(overrides: Partial<ModelLatencyFigure> = {}): ModelLatencyFigure {
  return {
    measuredAt: '2026-11-29T15:00:00.000Z',
    timing: REALISTIC_TIMING,
    calls: 12,
    textTurnFirstTokenMs: p(372),
    textTurnAppMs: p(22),
    bareRelay: { turns: 36, firstTokenMs: p(361.4), beyondTtftMs: p(11.4) },
    textTurnBeforeRequestMs: p(20),
    textTurnAfterFirstChunkMs: p(2),
    toolTurnFirstTokenMs: p(385),
    toolTurnModelMs: p(351),
    toolTurnAppMs: p(34),
    toolTurnBeforeRequestMs: p(31),
    toolTurnsPrefetched: 12,
    toolTurns: 12,
    askedToolTurn: { turns: 6, firstTokenMs: p(936), modelMs: p(903), appMs: p(33) },
    toolArgumentTokens: 10,
    filler: {
      thresholdMs: 700,
      slowTtftMs: 1500,
      slowTurns: 4,
      slowTurnsWithFiller: 4,
      afterToolCallMs: p(698),
      fastTurns: 54,
      fastTurnsWithFiller: 0,
    },
    sms: { texts: 18, replyMs: p(1000), appMs: p(60) },
    prefix: {
      method: 'approximate tokens',
      consecutive: share,
      sameConversation: share,
      differentCallers: share,
    },
    nonStreamedRequests: 0,
    method: 'sequential',
    ...overrides,
  };
}

const lineOf = (text: string, start: string) => text.split('\n').find((line) => line.includes(start)) ?? '';

describe('formatModelLatency', () => {
  it('judges the first token against the bare relay of the same run, and prints the TTFT-only reading beside', () => {
    const text = formatModelLatency(figure());
    expect(lineOf(text, 'voice, no tool: prompt → first token')).toContain('bare relay + 20 ms = 381.4 ms ✓');
    expect(lineOf(text, 'the bare relay, same hops (36 lines)')).toMatch(
      /361\.4 ms.*TTFT \+ 20 ms = 370 ms: ✗/,
    );
    expect(lineOf(text, 'beyond the model’s TTFT (the machine)')).toContain('11.4 ms');
    const slow = formatModelLatency(figure({ textTurnFirstTokenMs: p(381.5) }));
    expect(lineOf(slow, 'voice, no tool: prompt → first token')).toContain('381.4 ms ✗');
    const quick = formatModelLatency(figure({ textTurnFirstTokenMs: p(369) }));
    expect(lineOf(quick, 'the bare relay, same hops')).toContain('370 ms: ✓');
  });

  it('judges the booking line by the goal as written (2 × TTFT + 40 ms = 740 ms)', () => {
    expect(lineOf(formatModelLatency(figure()), 'find_open_slots: → answer')).toContain('740 ms ✓');
    const slow = formatModelLatency(figure({ toolTurnFirstTokenMs: p(741) }));
    expect(lineOf(slow, 'find_open_slots: → answer')).toContain('740 ms ✗');
  });

  it("judges the booking line's app part over the machine's part of the same run, with 40 ms beside", () => {
    // The bare relay's time beyond the TTFT is 11.4 ms: the goal is 51.4 ms.
    expect(lineOf(formatModelLatency(figure()), 'beyond the model’s own (the app)')).toMatch(
      /34 ms.*the machine’s \+ 40 ms = 51\.4 ms ✓ \(40 ms: ✓\)/,
    );
    const slowMachine = formatModelLatency(figure({ toolTurnAppMs: p(45) }));
    expect(lineOf(slowMachine, 'beyond the model’s own (the app)')).toContain('51.4 ms ✓ (40 ms: ✗)');
    const slowApp = formatModelLatency(figure({ toolTurnAppMs: p(51.5) }));
    expect(lineOf(slowApp, 'beyond the model’s own (the app)')).toContain('51.4 ms ✗ (40 ms: ✗)');
  });

  it('says how many booking turns were prefetched, and prints the path where the model asks beside it', () => {
    const text = formatModelLatency(figure({ toolTurnsPrefetched: 11 }));
    expect(lineOf(text, 'prefetched: one TTFT')).toMatch(/11 \/ 12 prefetched: one TTFT\).*351 ms/);
    expect(lineOf(text, 'prompt → the request (with the slot search)')).toMatch(/31 ms/);
    expect(lineOf(text, 'the model asks find_open_slots')).toMatch(/936 ms/);
    expect(lineOf(text, '2 TTFT + 10 argument tokens')).toMatch(/903 ms/);
  });

  it('fails the filler check when a slow turn went without it or a fast one had it', () => {
    expect(lineOf(formatModelLatency(figure()), 'after the tool (threshold')).toMatch(
      /4 \/ 4, 698 ms after the tool \(p50\).*✓/,
    );
    const missed = figure({ filler: { ...figure().filler, slowTurnsWithFiller: 3 } });
    expect(lineOf(formatModelLatency(missed), 'after the tool (threshold')).toContain('✗');
    const spurious = figure({ filler: { ...figure().filler, fastTurnsWithFiller: 1 } });
    expect(lineOf(formatModelLatency(spurious), 'after the tool (threshold')).toContain('✗');
  });
});
