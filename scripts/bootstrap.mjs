#!/usr/bin/env node
// Entry of `npm start` and `npm test`: installs dependencies when package-lock.json changed since the last
// install (or on a fresh clone), then hands over. Plain JavaScript because nothing is installed yet.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
  process.exit(1);
}

const installed = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');
const needsInstall =
  !existsSync(installed) ||
  statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000 ||
  !readFileSync(installed, 'utf8').includes('"lockfileVersion"');
if (needsInstall) {
  console.log('Installing dependencies (npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

// The AWS SDK warns on every process start that Node 20 support ends in 2027; the README says so once.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const command = process.argv[2];
const scripts = { start: ['scripts/start-local.ts'], test: ['scripts/run-tests.ts'] };
if (!scripts[command]) {
  console.error(`usage: bootstrap.mjs ${Object.keys(scripts).join('|')}`);
  process.exit(2);
}
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const child = spawn(tsx, [...scripts[command], ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the child too (same terminal process group); it stops its services, then we exit with it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
