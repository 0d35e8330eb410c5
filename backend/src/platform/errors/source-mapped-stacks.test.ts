import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mapped-stacks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const THROWER = [
  'export function failLoudly(reason: string): never {',
  '  const message = `boom: ${reason}`;',
  '  throw new TypeError(message);',
  '}',
  '',
].join('\n');

/**
 * The stack of an error thrown in a module bundled as the Lambdas are (minified ESM, the formatter installed
 * first, a linked map beside the output or none), as a fresh node process without flags writes it.
 */
async function stackOfBundle(
  name: string,
  sourcemap: boolean,
  fail = "failLoudly('test')",
  install = true,
): Promise<{ stack: string; outfile: string }> {
  writeFileSync(path.join(dir, 'thrower.ts'), THROWER);
  const entry = path.join(dir, `${name}.ts`);
  writeFileSync(
    entry,
    [
      `import { installSourceMappedStacks } from ${JSON.stringify(path.join(import.meta.dirname, 'source-mapped-stacks'))};`,
      "import { failLoudly } from './thrower';",
      "import { readFileSync } from 'node:fs';",
      install ? 'installSourceMappedStacks();' : 'void installSourceMappedStacks;',
      'void failLoudly; void readFileSync;',
      `try { ${fail}; } catch (error) { console.log(JSON.stringify((error as Error).stack)); }`,
      '',
    ].join('\n'),
  );
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    minify: true,
    sourcemap,
    sourcesContent: false,
    logLevel: 'silent',
  });
  const stdout = execFileSync(process.execPath, [outfile], {
    env: { PATH: process.env.PATH },
    encoding: 'utf8',
  });
  return { stack: JSON.parse(stdout.trim()) as string, outfile };
}

describe('source-mapped stacks', () => {
  it("writes a bundled frame at its source's file, line and column, the header as V8 does", async () => {
    const { stack } = await stackOfBundle('mapped', true);
    const [header, thrower, caller] = stack.split('\n');
    expect(header).toBe('TypeError: boom: test');
    expect(thrower).toMatch(/^ {4}at \S+ \(/);
    expect(thrower).toContain(`(${path.join(dir, 'thrower.ts')}:3:9)`);
    expect(caller).toContain(`${path.join(dir, 'mapped.ts')}:6:`);
    expect(stack).not.toContain('.mjs:');
  });

  it("writes a Node error's header with its code, as Node's own formatter does", async () => {
    const header = (stack: string) => stack.split('\n')[0];
    const { stack } = await stackOfBundle('node-error', true, 'readFileSync({} as never)');
    const { stack: nodes } = await stackOfBundle(
      'node-error-native',
      true,
      'readFileSync({} as never)',
      false,
    );
    expect(header(stack)).toMatch(/^TypeError \[ERR_INVALID_ARG_TYPE\]: /);
    expect(header(stack)).toBe(header(nodes));
  });

  it('leaves the frames of a file without a map as V8 writes them', async () => {
    const { stack, outfile } = await stackOfBundle('unmapped', false);
    const [header, thrower] = stack.split('\n');
    expect(header).toBe('TypeError: boom: test');
    expect(thrower).toContain(`${pathToFileURL(outfile).href}:`);
    expect(stack).not.toContain('.ts:');
  });
});
