import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createKnowledgeBaseRepository } from './knowledge-base';
export { createKnowledgeBaseRepository } from './knowledge-base';
export type { KnowledgeBaseRepository, KnowledgeEditResult } from './knowledge-base';

/** The owner's knowledge base: questions callers ask and the business's own answers. */
export function knowledgeRecords({ doc, tableName, now }: RecordStore) {
  return { knowledgeBase: createKnowledgeBaseRepository(doc, tableName, now) };
}
