import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_NAMES, lambdaEsbuildOptions, type LambdaName } from './lib/lambda-bundling';
import { REPO_ROOT } from './lib/repo-paths';
import { TABLE_ACTIONS } from './lib/table-access';

/**
 * The IAM actions each DynamoDB document-client command needs. A transaction is authorized item by item, so
 * TransactWriteCommand maps to the actions of the items a module puts in it.
 */
const COMMAND_ACTIONS: Record<string, string[]> = {
  GetCommand: ['dynamodb:GetItem'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  TransactGetCommand: ['dynamodb:GetItem'],
  QueryCommand: ['dynamodb:Query'],
  ScanCommand: ['dynamodb:Scan'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
};
const TRANSACT_ITEM_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

/** Every DynamoDB action the code that ships in a function's bundle can send (esbuild's metafile). */
async function actionsOfBundle(name: LambdaName): Promise<string[]> {
  const result = await build({
    ...lambdaEsbuildOptions(name, path.join(os.tmpdir(), `table-access-${name}`)),
    write: false,
    minify: false,
    sourcemap: false,
  });
  const shipped = new Set<string>();
  for (const output of Object.values(result.metafile!.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
      if (bytesInOutput > 0 && !input.includes('node_modules')) shipped.add(input);
  const actions = new Set<string>();
  for (const input of shipped) {
    const source = readFileSync(path.join(REPO_ROOT, input), 'utf8');
    expect(source, `${input} uses the low-level DynamoDB client`).not.toMatch(
      /import\s*\{[^}]*\w+Command\b[^}]*\}\s*from\s*'@aws-sdk\/client-dynamodb'/,
    );
    for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@aws-sdk\/lib-dynamodb'/g)) {
      for (const command of names!.split(',').map((part) => part.trim())) {
        if (command === 'TransactWriteCommand') {
          for (const [, item] of source.matchAll(/\b(Put|Update|Delete|ConditionCheck):\s*\{/g))
            actions.add(TRANSACT_ITEM_ACTIONS[item!]!);
        } else if (command.endsWith('Command')) {
          expect(COMMAND_ACTIONS[command], `${command} in ${input}`).toBeDefined();
          for (const action of COMMAND_ACTIONS[command]!) actions.add(action);
        }
      }
    }
  }
  return [...actions].sort();
}

describe('table access derived from each bundle', () => {
  it.each(LAMBDA_NAMES)(
    'grants the %s function exactly the DynamoDB actions its bundle sends',
    async (name) => {
      const actions = await actionsOfBundle(name);
      // A sanity floor: the derivation found the repositories at all.
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem']));
      expect([...TABLE_ACTIONS[name]].sort()).toEqual(actions);
    },
    120_000,
  );
});
