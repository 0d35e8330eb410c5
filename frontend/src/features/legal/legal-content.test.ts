import { describe, expect, it } from 'vitest';
import { BRAND } from '@shared/brand';
import { PRIVACY_POLICY, TERMS_OF_SERVICE, type LegalDocument } from './legal-content';

const fullText = (doc: LegalDocument) =>
  doc.sections
    .flatMap((section) =>
      section.body.map((block) => {
        if (block.kind === 'p') return block.text;
        if (block.kind === 'contact') return block.email;
        return block.items
          .map((item) => (typeof item === 'string' ? item : `${item.term}: ${item.text}`))
          .join(' ');
      }),
    )
    .join(' ');

describe('legal content (spec §2 Privacy and Terms)', () => {
  it('has 7 privacy sections with the privacy mailbox', () => {
    expect(PRIVACY_POLICY.title).toBe('Privacy Policy');
    expect(PRIVACY_POLICY.sections).toHaveLength(7);
    expect(fullText(PRIVACY_POLICY)).toContain(BRAND.privacyEmail);
  });

  it('has 10 terms sections with the billing, refund, price-change and liability clauses', () => {
    expect(TERMS_OF_SERVICE.title).toBe('Terms of Service');
    expect(TERMS_OF_SERVICE.sections).toHaveLength(10);
    const text = fullText(TERMS_OF_SERVICE);
    expect(text).toContain('billed monthly in advance');
    expect(text).toContain('non-refundable');
    expect(text).toContain("30 days' notice");
    expect(text).toContain('fees you paid us in the last 12 months');
    expect(text).toContain(BRAND.legalEmail);
  });
});
