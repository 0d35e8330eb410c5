import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';
import './landing-header.css';

/** Sticky top bar: logo, in-page anchors, Login and Get Started (spec §2). */
export function LandingHeader() {
  return (
    <header className="landing-header">
      <div className="container landing-header-inner">
        <Logo />
        <nav className="landing-nav" aria-label="Main">
          <a className="landing-nav-link landing-nav-extra" href="#features">
            Features
          </a>
          <a className="landing-nav-link landing-nav-extra" href="#demo">
            Demo
          </a>
          <a className="landing-nav-link" href="#pricing">
            Pricing
          </a>
          <Link className="landing-nav-link" to="/login">
            Login
          </Link>
          <Link className="btn btn-primary landing-nav-cta" to="/signup">
            Get Started
          </Link>
        </nav>
      </div>
    </header>
  );
}
