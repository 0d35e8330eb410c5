import { describe, expect, it } from 'vitest';
import { SCREEN_CHUNK_LIST_ID } from '@shared/site-files';
import {
  dependencyScriptsOf,
  evaluateInTurn,
  filesOfChunks,
  readScreenChunkList,
  startInGroups,
} from './screen-chunk-requests';

const documentWith = (id: string, textContent: string) => ({
  getElementById: (wanted: string) => (wanted === id ? ({ textContent } as HTMLElement) : null),
});

describe('screen chunk requests (issue 41 §4)', () => {
  it('reads the build’s list from index.html, and nothing when there is none or it is broken', () => {
    const list = { 'dashboard-page': ['/assets/dashboard-page-1.js', '/assets/dashboard-page-2.css'] };
    expect(readScreenChunkList(documentWith(SCREEN_CHUNK_LIST_ID, JSON.stringify(list)))).toEqual(list);
    expect(readScreenChunkList(documentWith('elsewhere', JSON.stringify(list)))).toEqual({});
    expect(readScreenChunkList(documentWith(SCREEN_CHUNK_LIST_ID, '{"dashboard'))).toEqual({});
  });

  it('lists the chunks’ files in order, a file two chunks share once, an unlisted chunk as none', () => {
    const list = { shell: [], guard: ['/a.js', '/b.js'], page: ['/c.js', '/b.js', '/d.css'] };
    expect(filesOfChunks(list, ['shell', 'guard', 'page', 'dev-only'])).toEqual([
      '/a.js',
      '/b.js',
      '/c.js',
      '/d.css',
    ]);
  });

  it('starts the files a few per task and gives what to wait for: the stylesheets’ loads', async () => {
    const log: string[] = [];
    let styleLoaded = () => {};
    const files = ['/1.js', '/2.js', '/3.css', '/4.js', '/5.js', '/6.js', '/7.js'];
    let settled = false;
    const started = await startInGroups(
      files,
      (file) => {
        log.push(file);
        return file.endsWith('.css') ? new Promise<void>((resolve) => (styleLoaded = resolve)) : undefined;
      },
      async () => {
        log.push('next task');
      },
      3,
    );
    const done = Promise.all(started.values()).then(() => (settled = true));

    expect([...started.keys()]).toEqual(['/3.css']);
    expect(log).toEqual([
      '/1.js',
      '/2.js',
      '/3.css',
      'next task',
      '/4.js',
      '/5.js',
      '/6.js',
      'next task',
      '/7.js',
    ]);
    expect(settled).toBe(false);
    styleLoaded();
    await done;
    expect(settled).toBe(true);
  });
  it('names a chunk’s imported scripts deepest first, without the chunk itself and its stylesheets', () => {
    // The preload helper's order: the chunk, then its imports depth first, stylesheets after their chunk's.
    const list = { page: ['/page.js', '/forms.js', '/phone.js', '/forms.css', '/api.js', '/page.css'] };
    expect(dependencyScriptsOf(list, 'page')).toEqual(['/api.js', '/phone.js', '/forms.js']);
    expect(dependencyScriptsOf(list, 'dev-only')).toEqual([]);
  });

  it('imports the scripts one per task, going on past one that fails', async () => {
    const log: string[] = [];
    await evaluateInTurn(
      ['/api.js', '/broken.js', '/forms.js'],
      async (file) => {
        log.push(file);
        if (file === '/broken.js') throw new Error('failed to fetch');
      },
      async () => {
        log.push('next task');
      },
    );
    expect(log).toEqual(['next task', '/api.js', 'next task', '/broken.js', 'next task', '/forms.js']);
  });
});
