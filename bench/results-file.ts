import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../scripts/local-stack/local-stack';

/**
 * bench/results.json holds one section per figure. Each run merges the sections it measured into the file
 * and keeps the others, so a partial run (`npm run bench -- landing_js`) or a figure added by a later issue
 * does not erase the rest. Every section carries its own `measuredAt`.
 */
export const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results.json');

export type Machine = { cpus: number; cpuModel: string; memoryGb: number; platform: string; node: string };

export type ResultsFile = {
  generatedAt: string;
  machine: Machine;
  figures: Record<string, unknown>;
};

export function currentMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()}-${os.arch()}`,
    node: process.version,
  };
}

export function readResults(file = RESULTS_FILE): ResultsFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ResultsFile>;
    if (parsed && typeof parsed === 'object' && parsed.figures && typeof parsed.figures === 'object') {
      return parsed as ResultsFile;
    }
  } catch {
    // A corrupt file is replaced rather than blocking the run.
  }
  return undefined;
}

/** Merges `sections` into the file (replacing sections of the same name) and returns what was written. */
export function mergeResults(sections: Record<string, unknown>, file = RESULTS_FILE): ResultsFile {
  const previous = readResults(file);
  const next: ResultsFile = {
    generatedAt: new Date().toISOString(),
    machine: currentMachine(),
    figures: { ...previous?.figures, ...sections },
  };
  // Write then rename: an interrupted run never leaves half a JSON file behind.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(temporary, file);
  return next;
}
