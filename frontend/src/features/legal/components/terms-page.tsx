import { TERMS_OF_SERVICE, TERMS_PDF_PATH } from '../legal-content';
import { LegalDocumentPage } from './legal-document';

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M10 3v10M5.5 9l4.5 4.5L14.5 9M4 16.5h12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Public terms of service at /toc: 10 numbered sections, a PDF download and the legal contact mailbox. */
export default function TermsPage() {
  return (
    <LegalDocumentPage
      doc={TERMS_OF_SERVICE}
      actions={
        <a className="btn btn-secondary legal-download" href={TERMS_PDF_PATH} download>
          <DownloadIcon />
          Download PDF
        </a>
      }
    />
  );
}
