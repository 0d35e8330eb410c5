import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { KnowledgeEntry, knowledgeEntrySchema } from '@shared/schemas/knowledge';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';
import { applyKnowledgeEdit, type KnowledgeEdit, type KnowledgeEditOutcome } from './knowledge-edits';

/**
 * The stored entries' schema, loaded on the first read that finds entries rather than at import: a caller's
 * first ring imports these records with the call's wiring and never reads the knowledge base, and the
 * schema module builds some 500 zod objects (docs/decisions/186-cold-start.md, session 41). A failed load is
 * not kept. Where the module is already loaded (the API's knowledge routes import it), this costs a tick.
 */
let entrySchemaLoad: Promise<typeof knowledgeEntrySchema> | undefined;
const entrySchema = () =>
  (entrySchemaLoad ??= import('@shared/schemas/knowledge').then(
    (module) => module.knowledgeEntrySchema,
    (error: unknown) => {
      entrySchemaLoad = undefined;
      throw error;
    },
  ));

/** Parallel edits retry on a version conflict this many times before answering "try again". */
const EDIT_ATTEMPTS = 8;

export type KnowledgeEditResult = KnowledgeEditOutcome | { ok: false; reason: 'busy' };

/**
 * The owner's knowledge base (docs/data-model.md "Knowledge base", docs/decisions/181): one item holding
 * every entry and a version. The receptionist reads it with one GetItem beside the config; an edit reads,
 * applies the pure rule (limits included) and writes on the version it read, so parallel adds can never
 * pass the count or size limit and never lose one another.
 */
export function createKnowledgeBaseRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const read = async (ownerId: string, consistent: boolean) => {
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.knowledgeBase(ownerId), ConsistentRead: consistent }),
    );
    const stored = Array.isArray(Item?.entries) ? (Item.entries as unknown[]) : [];
    const schema = stored.length > 0 ? await entrySchema() : undefined;
    const entries = stored.flatMap((entry) => {
      const parsed = schema!.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
    return { entries, version: typeof Item?.version === 'number' ? Item.version : 0 };
  };

  return {
    /** Every entry, oldest first. */
    async list(ownerId: string, options: { consistent?: boolean } = {}): Promise<KnowledgeEntry[]> {
      return (await read(ownerId, options.consistent ?? true)).entries;
    },

    async edit(ownerId: string, edit: KnowledgeEdit): Promise<KnowledgeEditResult> {
      for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt += 1) {
        const { entries, version } = await read(ownerId, true);
        const outcome = applyKnowledgeEdit(entries, edit, now().toISOString());
        if (!outcome.ok) return outcome;
        try {
          await doc.send(
            new PutCommand({
              TableName: tableName,
              Item: {
                ...keys.knowledgeBase(ownerId),
                entries: outcome.entries,
                version: version + 1,
                updated_at: now().toISOString(),
              },
              ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
              ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
            }),
          );
          return outcome;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
        }
      }
      return { ok: false, reason: 'busy' };
    },
  };
}

export type KnowledgeBaseRepository = ReturnType<typeof createKnowledgeBaseRepository>;
