export { assistantSettingsRoutes } from './assistant-settings-routes';
export { behaviorRoutes } from './behavior-routes';
export { businessLookupRoutes } from './business-lookup-routes';
export { configRoutes } from './config-routes';
export { generationRoutes } from './generation-routes';
export { objectiveTemplatesRoutes } from './objective-templates-routes';
export { objectivesRoutes } from './objectives-routes';
export { setupStatusRoutes } from './setup-status-routes';
