import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { KnowledgeBaseRepository } from './records/index';

/** What the knowledge capability takes from the wiring: its one record, and the LLM for suggestions. */
export type KnowledgeDeps = PlatformDeps & {
  data: { knowledgeBase: KnowledgeBaseRepository };
  providers: Pick<Providers, 'llm'>;
};
