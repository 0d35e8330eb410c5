import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';
import { SiteFooter } from '../../../components/ui/site-footer';
import type { LegalBlock, LegalDocument, LegalListItem } from '../legal-content';
import './legal.css';

function ListItem({ item }: { item: LegalListItem }) {
  if (typeof item === 'string') return <li>{item}</li>;
  return (
    <li>
      <strong>{item.term}:</strong> {item.text}
    </li>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'p':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <ListItem key={typeof item === 'string' ? item : item.term} item={item} />
          ))}
        </ul>
      );
    case 'contact':
      return (
        <p className="legal-contact">
          <span className="legal-contact-label">{block.label}:</span>{' '}
          <a href={`mailto:${block.email}`}>{block.email}</a>
        </p>
      );
  }
}

/**
 * Shared layout of the static legal pages: a simple header with the logo and a link back home, the document
 * with numbered sections and a contents list, and the site footer.
 */
export function LegalDocumentPage({ doc, actions }: { doc: LegalDocument; actions?: ReactNode }) {
  const sectionId = (index: number) => `section-${index + 1}`;
  return (
    <div className="legal">
      <header className="legal-header">
        <div className="container legal-header-inner">
          <Logo />
          <Link className="legal-back" to="/">
            <span aria-hidden="true">←</span> Back to home
          </Link>
        </div>
      </header>

      <main className="container legal-main">
        <article className="legal-article card">
          <header className="legal-title-block">
            <h1>{doc.title}</h1>
            <p className="legal-updated">Last updated: {doc.lastUpdated}</p>
            <p className="legal-intro">{doc.intro}</p>
            {actions && <div className="legal-actions">{actions}</div>}
          </header>

          <nav className="legal-toc" aria-label="Contents">
            <p className="legal-toc-title">Contents</p>
            <ol>
              {doc.sections.map((section, index) => (
                <li key={section.title}>
                  <a href={`#${sectionId(index)}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>

          {doc.sections.map((section, index) => (
            <section
              key={section.title}
              id={sectionId(index)}
              className="legal-section"
              aria-labelledby={`${sectionId(index)}-title`}
            >
              <h2 id={`${sectionId(index)}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.body.map((block, blockIndex) => (
                <Block key={blockIndex} block={block} />
              ))}
            </section>
          ))}
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
