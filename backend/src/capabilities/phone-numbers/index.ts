export { findAssistantLine, findAssistantLineWith } from './assistant-line';
