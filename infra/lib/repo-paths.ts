import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so synth works from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where `npm run build` puts the SPA; the stack deploys it when it exists at synth time. */
export const DEFAULT_WEB_ASSETS_DIR = path.join(REPO_ROOT, 'frontend', 'dist');
