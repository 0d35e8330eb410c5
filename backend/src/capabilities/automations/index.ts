export { createHookTargets } from './hook-targets';
export type { HookTargetsFor } from './hook-targets';
