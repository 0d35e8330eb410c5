export { createBusinessConfigRepository } from './business-config';
export type { BusinessConfigRepository, StoredBusinessConfig } from './business-config';
export { createObjectivesRepository } from './objectives';
export type { ObjectivesRepository, StoredObjective } from './objectives';
export { withEffectiveModules } from './effective-modules';
