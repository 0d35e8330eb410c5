/**
 * cognito-local targets answered the way real Cognito answers for the product's app client, which has
 * PreventUserExistenceErrors enabled (infra/lib/auth.ts): a wrong password and an unknown e-mail give the
 * same "Incorrect username or password.", and the forgotten-password flow never reveals whether an account
 * exists. See docs/decisions/003-local-identity.md and 070-forgotten-password.md.
 */
import { PASSWORD_MIN_LENGTH } from '@shared/signup-rules';
import type { EmailMessage } from '../../providers/email/port';

/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals are untyped CommonJS */
type Handler = (ctx: unknown, req: any) => Promise<any>;

export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
export const CODE_MISMATCH = 'Invalid verification code provided, please try again.';
export const PASSWORD_TOO_SHORT = 'Password does not conform to policy: Password not long enough';

/** The e-mail the local outbox shows for a password reset code. */
export const passwordResetEmail = (to: string, code: string): EmailMessage => ({
  to,
  subject: 'Your Ringly password reset code',
  text: `Someone asked to reset the password of your Ringly account.\n\nYour password reset code is ${code}\n\nEnter it on the reset screen with your new password. If you did not ask for this, ignore this e-mail: your password stays the same.`,
  kind: 'password-reset',
});

/** Cognito shows where a code went without revealing the address: a***@e***. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};

export function cognitoLikeTargets(deps: {
  baseRouter: (target: string) => Handler;
  cognito: any;
  errors: any;
  otp: () => string;
  messages: any;
  attributeValue: (name: string, attributes: unknown) => string | undefined;
}): (target: string) => Handler | undefined {
  const { baseRouter, cognito, errors, otp, messages, attributeValue } = deps;
  const credentialsError = () => new errors.NotAuthorizedError(INCORRECT_CREDENTIALS);
  const codeMismatch = () => {
    const error = new errors.CodeMismatchError();
    error.message = CODE_MISMATCH;
    return error;
  };

  const initiateAuth: Handler = async (ctx, req) => {
    try {
      return await baseRouter('InitiateAuth')(ctx, req);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const passwordFlow = req?.AuthFlow === 'USER_PASSWORD_AUTH';
      if (
        passwordFlow &&
        ['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'].includes(code ?? '')
      ) {
        throw credentialsError();
      }
      throw error;
    }
  };

  const forgotPassword: Handler = async (ctx, req) => {
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    const destination: string = (user && attributeValue('email', user.Attributes)) || String(req.Username);
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: destination };
    // An unknown or unconfirmed account gets the same answer and no e-mail: nothing tells it apart.
    if (user && user.UserStatus === 'CONFIRMED') {
      const code = otp();
      await messages.deliver(
        ctx,
        'ForgotPassword',
        req.ClientId,
        pool.options.Id,
        user,
        code,
        req.ClientMetadata,
        deliveryDetails,
      );
      await pool.saveUser(ctx, { ...user, PasswordResetCode: code });
    }
    return { CodeDeliveryDetails: { ...deliveryDetails, Destination: maskEmail(destination) } };
  };

  const confirmForgotPassword: Handler = async (ctx, req) => {
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user || !user.PasswordResetCode || user.PasswordResetCode !== String(req.ConfirmationCode ?? '')) {
      throw codeMismatch();
    }
    if (String(req.Password ?? '').length < PASSWORD_MIN_LENGTH) {
      const error = new errors.InvalidPasswordError();
      error.message = PASSWORD_TOO_SHORT;
      throw error;
    }
    await pool.saveUser(ctx, { ...user, Password: req.Password, PasswordResetCode: undefined });
    return {};
  };

  const targets: Record<string, Handler> = {
    InitiateAuth: initiateAuth,
    ForgotPassword: forgotPassword,
    ConfirmForgotPassword: confirmForgotPassword,
  };
  return (target) => targets[target];
}
