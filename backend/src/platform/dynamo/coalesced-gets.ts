import {
  BatchGetCommand,
  GetCommand,
  type DynamoDBDocumentClient,
  type GetCommandInput,
  type GetCommandOutput,
} from '@aws-sdk/lib-dynamodb';

/** BatchGetItem's limit of keys per request. */
const MAX_BATCH_KEYS = 100;

type Key = Record<string, unknown>;
type Waiting = {
  input: GetCommandInput;
  resolve: (output: GetCommandOutput) => void;
  reject: (e: unknown) => void;
};

/** One string per key, whatever the order of its attributes (the items come back in no particular order). */
const keyId = (key: Key, names: readonly string[]) => JSON.stringify(names.map((name) => key[name]));

/**
 * The document client, with its `GetCommand`s sent in the same tick to the same table read by one
 * `BatchGetItem` (docs/decisions/186-cold-start.md). A caller's first ring reads its line's config,
 * subscription, objective and the caller's memory together: four requests were four sockets, four signatures
 * and four round trips' worth of the SDK's work on a cold instance, where one batch is one. Repositories keep
 * sending `GetCommand`s and get `{ Item }` back as before.
 *
 * Only plain gets join a batch (a projection, or anything else a batch cannot carry per key, is sent alone);
 * the batch reads consistently when any of its gets asked to; a key asked for twice is read once; keys the
 * batch leaves unprocessed are read again one by one; a failed batch fails every get in it. A lone get is
 * sent as it was. Every other command goes to the client unchanged.
 */
export function coalescingGets(doc: DynamoDBDocumentClient): DynamoDBDocumentClient {
  let queued: Waiting[] = [];

  const sendAlone = (waiting: Waiting) =>
    (doc.send(new GetCommand(waiting.input)) as Promise<GetCommandOutput>).then(
      waiting.resolve,
      waiting.reject,
    );

  async function sendTogether(tableName: string, group: Waiting[]) {
    const names = Object.keys(group[0]!.input.Key!).sort();
    const byKey = new Map<string, Waiting[]>();
    for (const waiting of group) {
      const id = keyId(waiting.input.Key!, names);
      byKey.set(id, [...(byKey.get(id) ?? []), waiting]);
    }
    const ids = [...byKey.keys()];
    for (let start = 0; start < ids.length; start += MAX_BATCH_KEYS) {
      const chunk = ids.slice(start, start + MAX_BATCH_KEYS);
      const waiting = chunk.flatMap((id) => byKey.get(id)!);
      try {
        const page = await doc.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: chunk.map((id) => byKey.get(id)![0]!.input.Key!),
                ConsistentRead: waiting.some((w) => w.input.ConsistentRead === true),
              },
            },
          }),
        );
        const found = new Map((page.Responses?.[tableName] ?? []).map((item) => [keyId(item, names), item]));
        const unprocessed = new Set(
          (page.UnprocessedKeys?.[tableName]?.Keys ?? []).map((key) => keyId(key, names)),
        );
        for (const id of chunk) {
          for (const one of byKey.get(id)!) {
            if (unprocessed.has(id)) void sendAlone(one);
            else one.resolve({ Item: found.get(id), $metadata: page.$metadata });
          }
        }
      } catch (error) {
        for (const one of waiting) one.reject(error);
      }
    }
  }

  function flush() {
    const waiting = queued;
    queued = [];
    // One batch per table and key shape (the names of the key's attributes).
    const groups = new Map<string, Waiting[]>();
    for (const one of waiting) {
      const id = JSON.stringify([one.input.TableName, Object.keys(one.input.Key!).sort()]);
      groups.set(id, [...(groups.get(id) ?? []), one]);
    }
    for (const group of groups.values()) {
      if (group.length === 1) void sendAlone(group[0]!);
      else void sendTogether(group[0]!.input.TableName!, group);
    }
  }

  /** Only what a batch can carry for each key: the table, the key and the read's consistency. */
  const batchable = (input: GetCommandInput) =>
    Object.keys(input).every((field) => ['TableName', 'Key', 'ConsistentRead'].includes(field)) &&
    input.TableName !== undefined &&
    input.Key !== undefined;

  const send = (command: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || !(command instanceof GetCommand) || !batchable(command.input))
      return (doc.send as (...args: unknown[]) => unknown)(command, ...rest);
    return new Promise<GetCommandOutput>((resolve, reject) => {
      // Gets sent by the same synchronous stretch (a Promise.all of repository reads) share the flush.
      if (queued.length === 0) queueMicrotask(flush);
      queued.push({ input: command.input, resolve, reject });
    });
  };

  return new Proxy(doc, {
    get: (target, property, receiver) =>
      property === 'send' ? send : (Reflect.get(target, property, receiver) as unknown),
  });
}
