import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { BETA_TESTER_QUERY, REFERRAL_STORAGE_KEY } from '@shared/identity';
import {
  BUSINESS_TYPES,
  COUNTRY_CODES,
  PASSWORD_MIN_LENGTH,
  SUPPORTED_COUNTRY_CODE,
} from '@shared/signup-rules';
import { signUpFormSchema, type SignUpForm } from '@shared/schemas/signup';
import { useAuth } from '../hooks/auth-context';
import { usePostSignIn } from '../hooks/use-post-signin';
import { usePreloadIdentitySdk } from '../hooks/use-identity-sdk';
import { errorMessage, errorName, resendCode, signInAfterConfirmation } from '../api/auth-actions';
import { registerOwner } from '../api/register-owner';
import { delay } from '../../../lib/timing';
import { AuthLayout, FormAlert } from './auth-layout';
import { FormField } from '../../../components/ui/form-field';
import { ConfirmCodeForm } from './confirm-code-form';
import { TEXT_LIMITS } from '@shared/text-limits';

export default function SignUpPage() {
  const [params] = useSearchParams();
  const { status, user, logout } = useAuth();
  const navigate = useNavigate();
  const postSignIn = usePostSignIn();
  usePreloadIdentitySdk();
  const [serverError, setServerError] = useState('');
  const [pending, setPending] = useState<{ email: string; password?: string; notice?: string } | null>(null);
  const [referralCode, setReferralCode] = useState(() => localStorage.getItem(REFERRAL_STORAGE_KEY));
  const betaTester = params.get(BETA_TESTER_QUERY.name) === BETA_TESTER_QUERY.value;

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { countryCode: SUPPORTED_COUNTRY_CODE, businessType: undefined },
  });

  useEffect(() => {
    const ref = params.get('ref')?.trim();
    if (ref) {
      localStorage.setItem(REFERRAL_STORAGE_KEY, ref);
      setReferralCode(ref);
    }
  }, [params]);

  // A signed-in visitor sees who they are and is taken on to /plans.
  useEffect(() => {
    if (status !== 'signedIn' || pending) return;
    const timer = setTimeout(() => navigate('/plans', { replace: true }), CLIENT_TIMINGS.forcedNavigationMs);
    return () => clearTimeout(timer);
  }, [status, pending, navigate]);

  const onSubmit = async (form: SignUpForm) => {
    setServerError('');
    try {
      const result = await registerOwner(form, betaTester);
      if (result.nextStep.signUpStep === 'DONE') return postSignIn('email_password');
      setPending({ email: form.email.trim().toLowerCase(), password: form.password });
    } catch (error) {
      if (errorName(error) === 'UsernameExistsException') {
        // An unconfirmed account can still be confirmed: a resend succeeds only for those.
        const resent = await resendCode(form.email).then(
          () => true,
          () => false,
        );
        if (resent) {
          setPending({
            email: form.email.trim().toLowerCase(),
            password: form.password,
            notice: AUTH_MESSAGES.accountNeedsConfirmation,
          });
          return;
        }
      }
      setServerError(errorMessage(error));
    }
  };

  if (pending) {
    return (
      <ConfirmCodeForm
        email={pending.email}
        {...(pending.notice ? { notice: pending.notice } : {})}
        onConfirmed={async () => {
          await signInAfterConfirmation(pending.email, pending.password);
          // Spec §9's second post-confirm delay: the new session settles before /plans reads it.
          await delay(CLIENT_TIMINGS.postConfirmNavigateDelayMs);
          await postSignIn('email_password');
        }}
        onBack={() => setPending(null)}
        backLabel="Back to Sign Up"
      />
    );
  }

  if (status === 'signedIn' && user) {
    return (
      <AuthLayout
        title="You're already signed in"
        subtitle={
          <>
            Signed in as <strong>{user.attributes.email ?? user.username}</strong>. Taking you to your plans…
          </>
        }
      >
        <div className="auth-actions">
          <Link className="btn btn-primary" to="/plans" replace>
            Continue
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Start your 14-day free trial. No credit card required.">
      {referralCode ? (
        <div className="alert alert-info referral-banner" data-testid="referral-banner">
          🎁 You were referred by a friend! When your 14-day trial completes, your friend gets 1 month free.
        </div>
      ) : null}
      <FormAlert kind="error">{serverError}</FormAlert>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="businessName" label="Business name" error={errors.businessName?.message}>
          <input
            id="businessName"
            maxLength={TEXT_LIMITS.businessName}
            autoComplete="organization"
            {...register('businessName')}
            aria-invalid={!!errors.businessName}
          />
        </FormField>
        <FormField id="email" label="Email" error={errors.email?.message}>
          <input
            id="email"
            maxLength={TEXT_LIMITS.email}
            type="email"
            autoComplete="email"
            {...register('email')}
            aria-invalid={!!errors.email}
          />
        </FormField>
        <FormField id="phoneNumber" label="Phone number" error={errors.phoneNumber?.message}>
          <div className="auth-row">
            <select aria-label="Country code" {...register('countryCode')}>
              {COUNTRY_CODES.map((c) => (
                <option key={c.code} value={c.code} title={c.name}>
                  {c.code} {c.short}
                </option>
              ))}
            </select>
            <input
              id="phoneNumber"
              maxLength={TEXT_LIMITS.phone}
              type="tel"
              autoComplete="tel-national"
              placeholder="415 555 0123"
              {...register('phoneNumber')}
              aria-invalid={!!errors.phoneNumber}
            />
          </div>
        </FormField>
        <FormField id="businessType" label="Business type" error={errors.businessType?.message}>
          <select
            id="businessType"
            defaultValue=""
            {...register('businessType')}
            aria-invalid={!!errors.businessType}
          >
            <option value="" disabled>
              Select your business type
            </option>
            {BUSINESS_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="password"
          label="Password"
          error={errors.password?.message}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          <input
            id="password"
            maxLength={TEXT_LIMITS.password}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            {...register('password')}
            aria-invalid={!!errors.password}
          />
        </FormField>
        <FormField id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
          <input
            id="confirmPassword"
            maxLength={TEXT_LIMITS.password}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
            aria-invalid={!!errors.confirmPassword}
          />
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create Account'}
        </button>
      </form>
      <p className="auth-footer">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
      <p className="auth-footer field-hint">
        By creating an account you agree to our <Link to="/toc">Terms of Service</Link> and{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </AuthLayout>
  );
}
