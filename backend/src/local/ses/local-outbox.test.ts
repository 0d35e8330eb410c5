import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalOutbox } from './local-outbox';

describe('the local outbox', () => {
  it('lists only whole messages while others are being written (the e2e suite polls during sign-ups)', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const outbox = createLocalOutbox(directory);
    const body = 'x'.repeat(2_000_000);
    let writing = true;
    const sends = Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        outbox.send({
          to: `owner${i}@example.com`,
          subject: 'Your code',
          text: `${i} ${body}`,
          kind: 'code',
        }),
      ),
    ).finally(() => (writing = false));
    const listings: number[] = [];
    while (writing) listings.push((await outbox.list()).length);
    await sends;
    expect(listings.length).toBeGreaterThan(0);
    expect((await outbox.list()).map((m) => m.to).sort()).toHaveLength(12);
    expect((await readdir(directory)).filter((f) => !f.endsWith('.json'))).toEqual([]);
  });
});
