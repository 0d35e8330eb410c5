export { createHookTargets, createHookTargetSource } from './hook-targets';
export type { HookTargetsFor } from './hook-targets';
