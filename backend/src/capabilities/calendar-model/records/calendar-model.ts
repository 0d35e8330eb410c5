import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  calendarModelSchema,
  EMPTY_CALENDAR_MODEL,
  resourceSchema,
  serviceSchema,
  staffMemberSchema,
  type CalendarModel,
} from '@shared/schemas/calendar-model';
import { keys } from '../../../platform/dynamo/keys';
import { unlessConditionFails } from '../../../platform/dynamo/condition-failures';

/** Keeps the entries of a list that still parse: one bad entry never hides the rest from the assistant. */
function parsedEach<T>(
  items: unknown,
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
) {
  return Array.isArray(items)
    ? items.flatMap((item) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? [parsed.data as T] : [];
      })
    : [];
}

/**
 * The owner's services, staff and resources (docs/data-model.md "Calendar model", docs/decisions/183): one
 * item, read with one GetItem when the assistant books or quotes, and written whole on the version it was
 * read at, so two tabs (or two requests) never lose one another's edit.
 */
export function createCalendarModelRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    /** The model; EMPTY_CALENDAR_MODEL (no services, no staff: the business as before) when none is stored. */
    async get(ownerId: string, options: { consistent?: boolean } = {}): Promise<CalendarModel> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.calendarModel(ownerId),
          ConsistentRead: options.consistent ?? true,
        }),
      );
      if (!Item) return EMPTY_CALENDAR_MODEL;
      return {
        services: parsedEach(Item.services, serviceSchema),
        staff: parsedEach(Item.staff, staffMemberSchema),
        resources: parsedEach(Item.resources, resourceSchema),
        version: typeof Item.version === 'number' ? Item.version : 0,
        updated_at: typeof Item.updated_at === 'string' ? Item.updated_at : null,
      };
    },

    /**
     * Stores the whole model if it is still at `version` (the one its edit was made on) and returns it as
     * stored (version + 1); undefined when another write came first.
     */
    async save(
      ownerId: string,
      model: Pick<CalendarModel, 'services' | 'staff' | 'resources'>,
      version: number,
    ): Promise<CalendarModel | undefined> {
      const stored = calendarModelSchema.parse({
        services: model.services,
        staff: model.staff,
        resources: model.resources,
        version: version + 1,
        updated_at: now().toISOString(),
      });
      const written = await unlessConditionFails(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.calendarModel(ownerId), ...stored },
            ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
          }),
        ),
      );
      return written ? stored : undefined;
    },
  };
}

export type CalendarModelRepository = ReturnType<typeof createCalendarModelRepository>;
