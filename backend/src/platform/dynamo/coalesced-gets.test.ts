import { BatchGetCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { coalescingGets } from './coalesced-gets';

type Item = Record<string, unknown>;
const meta = { httpStatusCode: 200 };

/** A document client over a map of items, recording what it was sent; `unprocessed` keys are left over once. */
function fakeDoc(items: Item[], options: { unprocessed?: string[]; failBatch?: Error } = {}) {
  const sent: unknown[] = [];
  let unprocessed = new Set(options.unprocessed ?? []);
  const find = (key: Item) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const doc = {
    send: async (command: unknown) => {
      sent.push(command);
      if (command instanceof GetCommand) return { Item: find(command.input.Key!), $metadata: meta };
      if (command instanceof BatchGetCommand) {
        if (options.failBatch) throw options.failBatch;
        const [table, request] = Object.entries(command.input.RequestItems!)[0]!;
        const keys = request.Keys! as Item[];
        const left = keys.filter((key) => unprocessed.has(String(key.pk)));
        unprocessed = new Set();
        const answered = keys.filter((key) => !left.includes(key));
        return {
          Responses: { [table]: answered.map(find).filter(Boolean).reverse() },
          UnprocessedKeys: left.length > 0 ? { [table]: { Keys: left } } : {},
          $metadata: meta,
        };
      }
      return { $metadata: meta };
    },
  } as unknown as DynamoDBDocumentClient;
  return { doc: coalescingGets(doc), sent };
}

const get = (pk: string, extra: object = {}) =>
  new GetCommand({ TableName: 'app', Key: { pk, sk: 'S' }, ...extra });
const items = ['a', 'b', 'c', 'd'].map((pk) => ({ pk, sk: 'S', value: `of ${pk}` }));

describe('coalescingGets', () => {
  it('reads the gets sent together from one table with one BatchGetItem, each answered with its own item', async () => {
    const { doc, sent } = fakeDoc(items);
    const [a, b, missing, c] = await Promise.all([
      doc.send(get('a')),
      doc.send(get('b', { ConsistentRead: true })),
      doc.send(get('zz')),
      doc.send(get('c')),
    ]);
    expect([a.Item?.value, b.Item?.value, missing.Item, c.Item?.value]).toEqual([
      'of a',
      'of b',
      undefined,
      'of c',
    ]);
    expect(sent).toHaveLength(1);
    const batch = sent[0] as BatchGetCommand;
    expect(batch).toBeInstanceOf(BatchGetCommand);
    // Consistent for all when any get asked for it.
    expect(batch.input.RequestItems!.app!.ConsistentRead).toBe(true);
    expect(batch.input.RequestItems!.app!.Keys).toHaveLength(4);
  });

  it('sends a lone get, one with a projection and every other command as they were', async () => {
    const { doc, sent } = fakeDoc(items);
    expect((await doc.send(get('a'))).Item?.value).toBe('of a');
    await Promise.all([doc.send(get('b', { ProjectionExpression: 'pk' })), doc.send(get('c'))]);
    await doc.send(new PutCommand({ TableName: 'app', Item: { pk: 'e', sk: 'S' } }));
    expect(sent.map((command) => command!.constructor.name)).toEqual([
      'GetCommand',
      'GetCommand',
      'GetCommand',
      'PutCommand',
    ]);
  });

  it('reads a key asked for twice once, and keys the batch left unprocessed one by one', async () => {
    const { doc, sent } = fakeDoc(items, { unprocessed: ['b'] });
    const answers = await Promise.all([doc.send(get('a')), doc.send(get('b')), doc.send(get('a'))]);
    expect(answers.map((answer) => answer.Item?.value)).toEqual(['of a', 'of b', 'of a']);
    expect((sent[0] as BatchGetCommand).input.RequestItems!.app!.Keys).toEqual([
      { pk: 'a', sk: 'S' },
      { pk: 'b', sk: 'S' },
    ]);
    expect(sent[1]).toBeInstanceOf(GetCommand);
    expect((sent[1] as GetCommand).input.Key).toEqual({ pk: 'b', sk: 'S' });
  });

  it('fails every get of a failed batch with its error', async () => {
    const outage = new Error('ProvisionedThroughputExceededException');
    const { doc } = fakeDoc(items, { failBatch: outage });
    const answers = await Promise.allSettled([doc.send(get('a')), doc.send(get('b'))]);
    expect(answers).toEqual([
      { status: 'rejected', reason: outage },
      { status: 'rejected', reason: outage },
    ]);
  });

  it('keeps gets sent in different ticks apart', async () => {
    const { doc, sent } = fakeDoc(items);
    await doc.send(get('a'));
    await doc.send(get('b'));
    expect(sent.map((command) => command!.constructor.name)).toEqual(['GetCommand', 'GetCommand']);
  });
});
