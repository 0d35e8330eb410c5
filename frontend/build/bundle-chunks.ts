import type { Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** The chunk built for `moduleSuffix` and every chunk it imports statically (what runs before it can). */
export function chunkWithStaticImports(bundle: Rollup.OutputBundle, moduleSuffix: string): OutputChunk[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
  if (!root) throw new Error(`build: no chunk for ${moduleSuffix}`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) if (byName.has(name)) visit(byName.get(name)!);
  };
  visit(root);
  return [...found.values()];
}

/** `<link rel="modulepreload">` lines for the chunks the page does not already load. */
export function modulePreloadLinks(page: string, chunks: OutputChunk[]): string[] {
  return chunks
    .map((chunk) => chunk.fileName)
    .filter((file) => !page.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`);
}
