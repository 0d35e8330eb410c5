import { PRIVACY_POLICY } from '../legal-content';
import { LegalDocumentPage } from './legal-document';

/** Public privacy policy at /privacy: 7 numbered sections and the privacy contact mailbox. */
export default function PrivacyPage() {
  return <LegalDocumentPage doc={PRIVACY_POLICY} />;
}
