import { KnowledgeEditor } from './knowledge-editor';

/** The dashboard's Knowledge tab: the knowledge base in a card, like the other tabs' panels. */
export function KnowledgeTab({ userId }: { userId: string }) {
  return (
    <section className="card dashboard-panel">
      <KnowledgeEditor userId={userId} />
    </section>
  );
}
