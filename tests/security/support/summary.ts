/**
 * The suite's figures (issue 10 §11): per section, routes covered, cases run and 5xx answers seen. Printed
 * as one table when the suite ends, and kept so a test can assert that no 5xx was seen.
 */
type Row = { routes: Set<string>; cases: number; serverErrors: string[] };

export function createSummary() {
  const rows = new Map<string, Row>();
  const row = (section: string) => {
    if (!rows.has(section)) rows.set(section, { routes: new Set(), cases: 0, serverErrors: [] });
    return rows.get(section)!;
  };
  return {
    /** Counts one request of a section; a 5xx is remembered with what caused it. */
    record(section: string, route: string, status: number, detail = '') {
      const r = row(section);
      r.routes.add(route);
      r.cases += 1;
      if (status >= 500) r.serverErrors.push(`${status} ${route} ${detail}`.slice(0, 400));
    },
    serverErrors: (section: string) => row(section).serverErrors,
    table(): string {
      const lines = [['section', 'routes', 'cases', '5xx']];
      let cases = 0;
      let errors = 0;
      const allRoutes = new Set<string>();
      for (const [section, r] of rows) {
        lines.push([section, String(r.routes.size), String(r.cases), String(r.serverErrors.length)]);
        cases += r.cases;
        errors += r.serverErrors.length;
        for (const route of r.routes) allRoutes.add(route);
      }
      lines.push(['total (distinct routes)', String(allRoutes.size), String(cases), String(errors)]);
      const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
      const render = (l: string[]) =>
        l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
      return ['', 'Security suite summary', render(lines[0]!), ...lines.slice(1).map(render), ''].join('\n');
    },
  };
}
export type Summary = ReturnType<typeof createSummary>;
