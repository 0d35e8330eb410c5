import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The downloadable terms must say what /toc says: the committed PDF is the generator's output. */
describe('terms-of-service.pdf', () => {
  it('matches what the generator makes from the current terms text', () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'terms-')), 'terms.pdf');
    execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/make-terms-pdf.ts', out]);
    const committed = readFileSync('frontend/public/terms-of-service.pdf');
    expect(readFileSync(out).equals(committed), 'run `npm run build:terms-pdf` after editing the terms').toBe(
      true,
    );
  });
});
