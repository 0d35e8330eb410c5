import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnService, type ServiceProcess } from './child-process';
import { waitForPort } from './ports';

/**
 * DynamoDB Local is AWS's own jar, shipped inside the npm package amplify-dynamodb-simulator. Its JS wrapper
 * only works inside the Amplify CLI, so we unpack just its `emulator/` folder once and run the jar with Java.
 */
const SIMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';

export function ensureDynamoDbJar(cacheRoot: string): string {
  const emulatorDir = path.resolve(cacheRoot, 'dynamodb-local-2.9.30', 'emulator');
  if (existsSync(path.join(emulatorDir, 'DynamoDBLocal.jar'))) return emulatorDir;
  assertJava();
  const workDir = path.dirname(emulatorDir);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  console.log(`Fetching DynamoDB Local (${SIMULATOR_PACKAGE}) from the npm registry, once…`);
  const tarball = execFileSync(
    'npm',
    ['pack', SIMULATOR_PACKAGE, '--silent', '--pack-destination', workDir],
    {
      cwd: workDir,
      encoding: 'utf8',
    },
  )
    .trim()
    .split('\n')
    .pop()!;
  execFileSync('tar', [
    'xzf',
    path.join(workDir, tarball),
    '-C',
    workDir,
    '--strip-components=1',
    'package/emulator',
  ]);
  rmSync(path.join(workDir, tarball));
  return emulatorDir;
}

export function assertJava() {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'Java 17 or newer is needed to run DynamoDB Local. Install it with: apt-get install -y openjdk-17-jre-headless',
    );
  }
}

export async function startDynamoDbLocal(options: {
  port: number;
  cacheRoot: string;
  /** A folder for data that survives restarts; in memory when absent (tests). */
  dataDir?: string;
  echo: boolean;
}): Promise<ServiceProcess & { endpoint: string }> {
  const emulatorDir = ensureDynamoDbJar(options.cacheRoot);
  const storage = options.dataDir ? ['-sharedDb', '-dbPath', path.resolve(options.dataDir)] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const service = spawnService({
    name: 'dynamodb',
    // DynamoDB Local writes a metadata file into its working directory; keep it out of the repo.
    cwd: options.dataDir ?? path.dirname(emulatorDir),
    command: 'java',
    args: [
      '-XX:TieredStopAtLevel=1',
      '-Xshare:auto',
      `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(emulatorDir, 'DynamoDBLocal.jar'),
      ...storage,
      '-port',
      String(options.port),
      '-disableTelemetry',
    ],
    echo: options.echo,
  });
  try {
    await waitForPort(options.port, 60_000, service.isAlive);
  } catch (error) {
    await service.stop();
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${service.recentOutput()}`, {
      cause: error,
    });
  }
  return { ...service, endpoint: `http://127.0.0.1:${options.port}` };
}
