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

/**
 * The files Vite's preload helper loads for a dynamic import of `fileName` from `ownerFileName`, in its order
 * (vite's collectPreloadDependencies): the chunk, its static imports depth first, each chunk's stylesheets
 * after its imports' (the order the stylesheets cascade in).
 */
export function preloadDependencies(
  bundle: Rollup.OutputBundle,
  fileName: string,
  ownerFileName: string,
): string[] {
  const visited = new Set([ownerFileName]);
  const files: string[] = [];
  const visit = (name: string) => {
    const item = bundle[name];
    if (!item || visited.has(name)) return;
    visited.add(name);
    files.push(name);
    if (item.type !== 'chunk') return;
    item.imports.forEach(visit);
    files.push(...(item.viteMetadata?.importedCss ?? []));
  };
  visit(fileName);
  return files;
}

/**
 * For each chunk the page's entry imports dynamically (the screens), keyed by the chunk's name, the URLs of
 * the files its import preloads that `page` does not already link.
 */
export function screenChunkList(
  bundle: Rollup.OutputBundle,
  page: string,
  base: string,
): Record<string, string[]> {
  const entry = Object.values(bundle).find(
    (item): item is OutputChunk =>
      item.type === 'chunk' && item.isEntry && page.includes(`/${item.fileName}"`),
  );
  if (!entry) throw new Error('build: no entry chunk named in the page');
  const list: Record<string, string[]> = {};
  for (const file of entry.dynamicImports) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    if (chunk.name in list) throw new Error(`build: two screen chunks named ${chunk.name}`);
    list[chunk.name] = preloadDependencies(bundle, file, entry.fileName)
      .filter((dep) => !page.includes(`/${dep}"`))
      .map((dep) => `${base}${dep}`);
  }
  return list;
}
