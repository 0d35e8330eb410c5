export { knowledgeRoutes } from './knowledge-routes';
export { applyKnowledgeEdit } from './records/knowledge-edits';
export type { KnowledgeEdit, KnowledgeEditOutcome } from './records/knowledge-edits';
