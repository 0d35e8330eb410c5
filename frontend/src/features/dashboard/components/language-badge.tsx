import { isOtherLanguage, languageLabel } from '@shared/call-log';
import type { Language } from '@shared/language';
import './language-badge.css';

/**
 * The caller's language beside a conversation or a message (docs/decisions/174-spanish.md), shown only when
 * it was not English: most owners' lists stay as they were, and a Spanish caller stands out.
 */
export function LanguageBadge({ language }: { language: Language | undefined }) {
  if (!isOtherLanguage(language)) return null;
  const name = languageLabel(language);
  return (
    <span className="language-badge" data-testid="language-badge" title={`The caller spoke ${name}`}>
      <span className="sr-only">The caller spoke </span>
      {name}
    </span>
  );
}
