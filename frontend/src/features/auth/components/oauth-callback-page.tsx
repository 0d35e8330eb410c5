import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { CenteredStatus } from '../../../components/ui/centered-status';
import { logFrontendEvent } from '../../../lib/frontend-logger';
import { useAuth } from '../hooks/auth-context';
import { reportStoredReferral } from '../api/referral-signup';

/** Spec §2 "/oauth/callback": wait, refresh auth, log, report a stored referral, then /plans (or /signup). */
export default function OAuthCallbackPage() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const provider = params.get('provider') || 'oauth';
    void (async () => {
      try {
        await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMINGS.oauthCallbackDelayMs));
        const user = await refresh();
        logFrontendEvent({
          event_type: 'oauth_callback',
          oauth_provider: provider,
          ...(user ? { cognito_user_id: user.userId } : {}),
          ...(user?.attributes.email ? { user_email: user.attributes.email } : {}),
        });
        if (!user) throw new Error('No user after the OAuth callback');
        await reportStoredReferral(user.userId);
        navigate('/plans', { replace: true });
      } catch (error) {
        console.warn('OAuth callback failed', error);
        navigate('/signup', { replace: true });
      }
    })();
  }, [params, refresh, navigate]);

  return <CenteredStatus>{AUTH_MESSAGES.processingAuthentication}</CenteredStatus>;
}
