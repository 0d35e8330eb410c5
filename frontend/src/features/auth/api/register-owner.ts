import { toE164, type SignUpForm } from '@shared/schemas/signup';
import { loadAmplify } from '../../../lib/amplify';
import { authFlowType } from './auth-actions';

/**
 * Sign-up apart from the other identity calls: it reads the phone through the phone helper, whose metadata
 * only the sign-up page should load, not the login page (docs/decisions/166-phone-numbers.md).
 */
export async function registerOwner(form: SignUpForm, betaTester: boolean) {
  const { signUp } = await loadAmplify();
  return signUp({
    username: form.email.trim().toLowerCase(),
    password: form.password,
    options: {
      userAttributes: {
        email: form.email.trim().toLowerCase(),
        phone_number: toE164(form.countryCode, form.phoneNumber),
        'custom:business_name': form.businessName.trim(),
        'custom:business_type': form.businessType,
        'custom:country_code': form.countryCode,
        'custom:beta_tester': betaTester ? 'true' : 'false',
      },
      autoSignIn: { authFlowType: authFlowType() },
    },
  });
}
