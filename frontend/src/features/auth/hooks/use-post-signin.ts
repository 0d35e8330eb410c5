import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { logFrontendEvent } from '../../../lib/frontend-logger';
import { useAuth } from './auth-context';
import { reportStoredReferral } from '../api/referral-signup';

/** After a sign-in: refresh the auth state, log it, report a stored referral, then /plans (spec §4). */
export function usePostSignIn() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (loginMethod: string) => {
      const user = await refresh();
      if (user) {
        logFrontendEvent({
          event_type: 'user_login',
          cognito_user_id: user.userId,
          ...(user.attributes.email ? { user_email: user.attributes.email } : {}),
          login_method: loginMethod,
        });
        void reportStoredReferral(user.userId);
      }
      navigate('/plans', { replace: true });
    },
    [refresh, navigate],
  );
}
