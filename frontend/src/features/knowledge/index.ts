// Public entry of the knowledge base (docs/decisions/181-knowledge-and-honesty.md): the dashboard's Knowledge
// tab, and the editor that setup step 2 shows as an optional section.
export { KnowledgeEditor } from './components/knowledge-editor';
export { KnowledgeTab } from './components/knowledge-tab';
