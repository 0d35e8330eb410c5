import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_DELETION_TEXTS } from '@shared/account-deletion';
import { SiteFooter } from '../../../components/ui/site-footer';
import { clearAccountDeletedNotice, hasAccountDeletedNotice } from '../../../lib/account-deleted-notice';
import { FINAL_CTA, HERO_COPY } from '../landing-content';
import { ComparisonTable } from './comparison-table';
import { CostChart } from './cost-chart';
import { DemoSection } from './demo-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LandingHeader } from './landing-header';
import { PricingSection } from './pricing-section';
import { TrustBadges } from './trust-badges';
import './landing-page.css';

/** Public landing page at / (spec §1 and §2). */
export default function LandingPage() {
  // Set by the dashboard after an account deletion (issue 10 §7).
  const [params] = useSearchParams();
  const fromQuery = params.get('account') === 'deleted';
  // Read after the first render: the prerendered page (docs/decisions/092) has no notice, and hydration must
  // draw what it drew.
  const [accountDeleted, setAccountDeleted] = useState(false);
  useEffect(() => {
    if (!hasAccountDeletedNotice() && !fromQuery) return;
    setAccountDeleted(true);
    clearAccountDeletedNotice();
    // The dashboard's scroll position survives the navigation: the notice must be where the owner looks.
    window.scrollTo(0, 0);
  }, [fromQuery]);
  return (
    <div className="landing">
      <LandingHeader />
      {accountDeleted ? (
        <div className="container landing-notice">
          <div className="alert alert-success" role="status">
            {ACCOUNT_DELETION_TEXTS.done}
          </div>
        </div>
      ) : null}
      <main>
        <HeroSection />
        <FeaturesSection />
        <DemoSection />

        <section id="compare" className="landing-section" aria-labelledby="compare-title">
          <div className="container">
            <div className="landing-section-head">
              <p className="landing-eyebrow">Why switch</p>
              <h2 id="compare-title">One assistant instead of three tools</h2>
              <p>
                Scheduling apps wait for customers to book themselves, and voice agents stop at the
                conversation. We take the call all the way to a paid, confirmed booking.
              </p>
            </div>
            <div className="compare-grid">
              <CostChart />
              <ComparisonTable />
            </div>
          </div>
        </section>

        <PricingSection />
        <TrustBadges />

        <section className="final-cta" aria-labelledby="final-cta-title">
          <div className="container final-cta-inner">
            <h2 id="final-cta-title">Every missed call is a customer who called someone else.</h2>
            <p>
              Let your AI receptionist answer, book and collect the deposit, starting tonight.{' '}
              {HERO_COPY.offer}
            </p>
            <Link className="btn final-cta-btn" to="/signup">
              {FINAL_CTA}
            </Link>
            <p className="final-cta-note">{HERO_COPY.cardRequired}</p>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
