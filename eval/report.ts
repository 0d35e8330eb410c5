import { EVAL_CATEGORIES, type EvalCategory } from './scenario-types';
import type { ScenarioResult } from './runner';

const p50 = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!);
};

export type CategorySummary = {
  category: EvalCategory | 'all';
  scenarios: number;
  passed: number;
  passRate: number;
  firstTokenP50Ms: number | null;
  turnP50Ms: number | null;
};

function summarize(category: CategorySummary['category'], results: ScenarioResult[]): CategorySummary {
  const turns = results.flatMap((r) => r.turns);
  const passed = results.filter((r) => r.passed).length;
  return {
    category,
    scenarios: results.length,
    passed,
    passRate: results.length === 0 ? 0 : passed / results.length,
    firstTokenP50Ms: p50(turns.flatMap((t) => (t.firstTokenMs === null ? [] : [t.firstTokenMs]))),
    turnP50Ms: p50(turns.map((t) => t.turnMs)),
  };
}

/** Pass rate and latency per category, then overall. */
export function summarizeByCategory(results: ScenarioResult[]): CategorySummary[] {
  return [
    ...EVAL_CATEGORIES.map((c) =>
      summarize(
        c,
        results.filter((r) => r.category === c),
      ),
    ).filter((s) => s.scenarios > 0),
    summarize('all', results),
  ];
}

export function formatSummary(summaries: CategorySummary[]): string {
  const rows = [
    ['category', 'passed', 'rate', 'first token p50', 'turn p50'],
    ...summaries.map((s) => [
      s.category,
      `${s.passed}/${s.scenarios}`,
      `${(s.passRate * 100).toFixed(1)} %`,
      s.firstTokenP50Ms === null ? '–' : `${s.firstTokenP50Ms} ms`,
      s.turnP50Ms === null ? '–' : `${s.turnP50Ms} ms`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}
