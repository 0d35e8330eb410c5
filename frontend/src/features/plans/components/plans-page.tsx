import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import {
  cardsForInterval,
  defaultBillingInterval,
  isMostPopular,
  isPaymentFailed,
  isSubscribed,
  isWaitListPlan,
  PLAN_MESSAGES,
  PLAN_TIMINGS,
  plansForCards,
  TERMS_ACCEPTED_STORAGE_KEY,
  type BillingInterval,
} from '@shared/plans';
import { COUNTRY_CODES, SUPPORTED_COUNTRY_CODE } from '@shared/signup-rules';
import { SUBSCRIPTION_PLAN_FEATURE } from '@shared/feature-engagement';
import type { Plan } from '@shared/schemas/subscription';
import { SignedInScreen } from '../../../components/layout/signed-in-screen';
import { PaymentFailedNotice } from '../../../components/billing/payment-failed-notice';
import { hasVerifiedAccess, useAuth, type AuthUser } from '../../auth';
import { plansApi } from '../api/plans-api';
import { checkoutErrorOutcome } from '../checkout-error';
import { BetaWaitlistModal } from '../../../components/beta/beta-waitlist-modal';
import { CountryUnavailableModal } from './country-unavailable-modal';
import { FeatureComingSoonModal } from './feature-coming-soon-modal';
import { BillingIntervalSwitch } from './billing-interval-switch';
import { PlanCard } from './plan-card';
import { TermsModal } from './terms-modal';
import { TrialInclusions } from './trial-inclusions';
import './plans.css';

/** /plans and /pricing (spec §2, §4 "Plans"). */
export default function PlansPage() {
  const { user } = useAuth();
  if (!user) return null;
  if (!hasVerifiedAccess(user)) return <Navigate to="/login" replace />;
  return <PlansScreen user={user} />;
}

type AskState = 'asking' | 'sending' | 'done';

function PlansScreen({ user }: { user: AuthUser }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const email = user.attributes.email ?? '';
  const businessName = user.attributes['custom:business_name'];
  const countryCode = user.attributes['custom:country_code'];
  const outsideRegion = Boolean(countryCode) && countryCode !== SUPPORTED_COUNTRY_CODE;
  const countryName = COUNTRY_CODES.find((c) => c.code === countryCode)?.name ?? (countryCode || '');
  const notBetaTester = user.attributes['custom:beta_tester'] === 'false';

  const [termsAccepted, setTermsAccepted] = useState(
    () => localStorage.getItem(TERMS_ACCEPTED_STORAGE_KEY) === 'true',
  );
  const [countryState, setCountryState] = useState<AskState>('asking');
  const [betaState, setBetaState] = useState<AskState>('asking');
  const [comingSoon, setComingSoon] = useState<Plan | null>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(null);

  // A full load of the site root: a client-side navigation would lose the race with the route guard, which
  // sends a signed-out visitor of /plans to /login while the landing page's code is still loading.
  const signOut = async () => {
    await logout();
    window.location.replace('/');
  };
  const signOutLater = () => window.setTimeout(() => void signOut(), PLAN_TIMINGS.waitlistAutoCloseMs);

  const status = useQuery({ queryKey: ['subscription', 'status'], queryFn: plansApi.status });
  const subscribed = isSubscribed(status.data?.status);
  const paymentFailed = isPaymentFailed(status.data?.status);
  // Loaded beside the status rather than after it: one round trip less before the cards show, at the price
  // of one unneeded list for an owner who turns out to be subscribed (sent on to the dashboard).
  const products = useQuery({
    queryKey: ['subscription', 'products'],
    queryFn: plansApi.products,
    enabled: !subscribed && !paymentFailed,
  });

  // Owners outside the served region are recorded on the international waitlist as soon as they arrive.
  const recorded = useRef(false);
  useEffect(() => {
    if (!outsideRegion || recorded.current) return;
    recorded.current = true;
    plansApi
      .joinInternationalWaitlist({ email, country_code: countryCode!, country_name: countryName })
      .catch((error: unknown) => console.warn('International waitlist failed', error));
  }, [outsideRegion, email, countryCode, countryName]);

  useEffect(() => {
    if (!comingSoon) return;
    const timer = window.setTimeout(() => setComingSoon(null), PLAN_TIMINGS.featureFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [comingSoon]);

  const checkout = useMutation({
    mutationFn: async (plan: Plan) => {
      await plansApi.selectPlan(user.userId, plan.price_id);
      const origin = window.location.origin;
      const businessId = user.attributes['custom:business_id'];
      return plansApi.checkout({
        price_id: plan.price_id,
        success_url: `${origin}/setup?payment=success&plan=${encodeURIComponent(plan.price_id)}`,
        cancel_url: `${origin}/plans?payment=cancelled`,
        user_id: user.userId,
        ...(businessId ? { business_id: businessId } : {}),
        metadata: { cognito_user_id: user.userId },
      });
    },
    onMutate: () => setCheckoutError(null),
    // A full-page redirect: the checkout page belongs to the payment provider.
    onSuccess: ({ checkout_url: checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: (error) => {
      const outcome = checkoutErrorOutcome(error);
      setCheckoutError(outcome.message);
      // Subscribed in another tab → the page moves to the dashboard; a failed payment → the card notice.
      if (outcome.recheckSubscription) void status.refetch();
      if (outcome.redirectToSetup) {
        window.setTimeout(() => navigate('/setup'), PLAN_TIMINGS.forcedNavigationMs);
      }
    },
  });

  const choose = (plan: Plan) => {
    if (isWaitListPlan(plan)) {
      setComingSoon(plan);
      plansApi
        .featureEngagement('interested', {
          feature_type: SUBSCRIPTION_PLAN_FEATURE,
          feature_id: plan.price_id,
          feature_name: plan.name,
          context: { page: 'plans', location: 'plan_card', price_id: plan.price_id },
        })
        .catch((error: unknown) => console.warn('Recording interest failed', error));
      return;
    }
    checkout.mutate(plan);
  };

  // The page and its dialog do not wait for the status: which dialog shows depends only on the owner's
  // token and this browser's stored acceptance, and the dialog is the page's largest content (its LCP,
  // issue 41 §4; docs/decisions/188). Only a subscribed owner, sent on to the dashboard, sees it go again.
  if (subscribed) return <Navigate to="/dashboard" replace />;

  const modal = outsideRegion ? (
    <CountryUnavailableModal
      countryName={countryName}
      state={countryState}
      onNo={() => void signOut()}
      onYes={() => {
        setCountryState('sending');
        plansApi
          .joinInternationalWaitlist({
            email,
            country_code: countryCode!,
            country_name: countryName,
            notify: true,
          })
          .catch((error: unknown) => console.warn('International waitlist failed', error))
          .finally(() => {
            setCountryState('done');
            signOutLater();
          });
      }}
    />
  ) : notBetaTester ? (
    <BetaWaitlistModal
      email={email}
      state={betaState}
      onNoThanks={() => void signOut()}
      onJoin={() => {
        setBetaState('sending');
        plansApi
          .joinBetaWaitlist(email)
          .catch((error: unknown) => console.warn('Beta waitlist failed', error))
          .finally(() => {
            setBetaState('done');
            signOutLater();
          });
      }}
    />
  ) : !termsAccepted ? (
    <TermsModal
      onAgree={() => {
        localStorage.setItem(TERMS_ACCEPTED_STORAGE_KEY, 'true');
        setTermsAccepted(true);
      }}
      onCancel={() => void signOut()}
    />
  ) : comingSoon ? (
    <FeatureComingSoonModal planName={comingSoon.name} onClose={() => setComingSoon(null)} />
  ) : null;

  const allCards = products.data ? plansForCards(products.data) : [];
  const interval = chosenInterval ?? defaultBillingInterval(allCards);
  const cards = cardsForInterval(allCards, interval);
  return (
    <SignedInScreen links={<Link to="/dashboard">Dashboard</Link>} onSignOut={logout}>
      <div className="plans-page">
        <h1>Choose Your Plan</h1>
        <p className="plans-intro" data-testid="plans-welcome">
          Welcome{businessName ? `, ${businessName}` : ''}! You're signed in as <strong>{email}</strong>.
        </p>
        {searchParams.get('payment') === 'cancelled' ? (
          <div className="alert alert-info" role="status" data-testid="payment-cancelled">
            Checkout was cancelled and you have not been charged. Choose a plan whenever you are ready.
          </div>
        ) : null}
        {checkoutError ? (
          <div className="alert alert-error" role="alert">
            {checkoutError}
          </div>
        ) : null}
        {/* A failed renewal is fixed with a new card in the portal; no fresh plan is offered (issue 10 §2). */}
        {paymentFailed ? <PaymentFailedNotice returnPath="/dashboard" /> : null}
        {products.isError ? (
          <div className="alert alert-error" role="alert">
            {PLAN_MESSAGES.loadFailed}{' '}
            <button type="button" className="btn-link" onClick={() => void products.refetch()}>
              Try Again
            </button>
          </div>
        ) : null}
        {/* While the plans load, only a status line: the switch, the cards and the trial list then appear
            together below it instead of pushing a half-drawn layout down (Lighthouse CLS was 0.66). */}
        {/* The cards wait for the status too: it says whether the trial was used and whether a renewal failed. */}
        {paymentFailed ? null : status.isPending || products.isPending ? (
          <p role="status">Loading plans...</p>
        ) : (
          <div className="plans-layout">
            <div className="plans-main">
              {allCards.length > 0 ? (
                <BillingIntervalSwitch plans={allCards} value={interval} onChange={setChosenInterval} />
              ) : null}
              <section className="plans-grid" aria-label="Plans">
                {cards.map((plan, index) => (
                  <PlanCard
                    key={plan.price_id}
                    plan={plan}
                    mostPopular={isMostPopular(index)}
                    busy={checkout.isPending || checkout.isSuccess}
                    trialUsed={status.data?.trial_used ?? false}
                    onChoose={choose}
                  />
                ))}
              </section>
            </div>
            <TrialInclusions />
          </div>
        )}
      </div>
      {modal}
    </SignedInScreen>
  );
}
