/** `npm run ops -- [--stage <name>] <command>`: see backend/src/entry/ops/ops-cli.ts. */
import { runOpsCli } from '../backend/src/entry/ops/ops-cli';
import { OpsError } from '../backend/src/entry/ops/ops-commands';

try {
  const result = await runOpsCli(process.argv.slice(2));
  for (const line of result.lines) console.log(line);
  process.exit(result.failed ? 1 : 0);
} catch (error) {
  console.error(error instanceof OpsError ? error.message : error);
  process.exit(error instanceof OpsError ? 2 : 1);
}
