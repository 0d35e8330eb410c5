import type { PlatformDeps } from '../../platform/deps';
import type { KnowledgeBaseRepository } from '../knowledge/records/index';
import type { Receptionist } from '../receptionist/index';
import type { BusinessConfigRepository } from '../setup/records/index';

/** What "Check my assistant" takes from the wiring: the owner's config and knowledge, and the engine. */
export type AssistantCheckDeps = PlatformDeps & {
  data: { businessConfigs: BusinessConfigRepository; knowledgeBase: KnowledgeBaseRepository };
  receptionist: Receptionist;
};
