export { findAssistantLine, findAssistantLineWith, numberHolder } from './assistant-line';
