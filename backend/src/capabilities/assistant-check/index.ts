export { generateChecks, type AssistantCheck, type CheckConfig } from './generate-checks';
export { runAssistantChecks } from './run-checks';
