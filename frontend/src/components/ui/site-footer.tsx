import { Link } from 'react-router-dom';
import { BRAND } from '@shared/brand';
import './site-footer.css';

/** Footer shared by the public pages: legal links and the copyright line (spec §2). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div className="site-footer-brand">
          <span className="site-footer-name">{BRAND.name}</span>
          <span className="site-footer-tagline">{BRAND.tagline}</span>
        </div>
        <nav className="site-footer-nav" aria-label="Legal">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/toc">Terms of Service</Link>
          <a href={`mailto:${BRAND.supportEmail}`}>Contact</a>
        </nav>
        <p className="site-footer-copy">
          © {BRAND.copyrightYear} {BRAND.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
