/**
 * Injected by esbuild first into every Lambda bundle (lambda-bundling.ts): stacks name the TypeScript
 * sources without `--enable-source-maps` (source-mapped-stacks.ts).
 */
import { installSourceMappedStacks } from './source-mapped-stacks';

installSourceMappedStacks();
