/** A neutral panel for a tab whose content ships separately. */
export function ComingSoonPanel({ title, children }: { title: string; children: string }) {
  return (
    <section className="card dashboard-panel" aria-label={title}>
      <h2>{title}</h2>
      <p className="dashboard-muted">{children}</p>
    </section>
  );
}
