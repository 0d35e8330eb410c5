/**
 * cognito-local, started in-process with three changes so it behaves like the real Cognito the product uses:
 * - the user pool and web client have fixed ids and the custom attributes of spec §3 (seeded once);
 * - confirmation codes are "e-mailed" into the local outbox instead of only printed;
 * - `GetTokensFromRefreshToken` (how Amplify ≥6.15 refreshes) is answered through REFRESH_TOKEN_AUTH, and
 *   `ConfirmSignUp` sets `email_verified`, as real Cognito does;
 * - sign-in failures and the forgotten-password flow answer as a client with PreventUserExistenceErrors
 *   does (infra/lib/auth.ts): no answer tells whether an account exists;
 * - tokens carry `origin_jti`, access tokens of revoked sessions are refused, GlobalSignOut exists
 *   (cognito-sessions.ts).
 * See docs/decisions/003-local-identity.md.
 */
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { CUSTOM_ATTRIBUTES, LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID } from '@shared/identity';
import { PASSWORD_MIN_LENGTH } from '@shared/signup-rules';
import type { EmailSender } from '../../providers/email/port';
import { cognitoLikeTargets, maskEmail, passwordResetEmail } from './cognito-like-targets';
import { cognitoSessions } from './cognito-sessions';

const requireFromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local'));
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals are untyped CommonJS */
const load = (path: string): any => requireFromCognitoLocal(path);

export type CognitoLocalOptions = {
  port: number;
  dataDirectory: string;
  outbox: EmailSender;
  quiet?: boolean;
};

type AttributeList = Array<{ Name: string; Value?: string }>;

export async function startCognitoLocal({ port, dataDirectory, outbox, quiet }: CognitoLocalOptions) {
  const pino = load('pino');
  const { DefaultConfig } = load('./server/config');
  const { createServer } = load('./server/server');
  const { Router } = load('./server/Router');
  const services = load('./services');
  const { CognitoServiceFactoryImpl, USER_POOL_AWS_DEFAULTS } = load('./services/cognitoService');
  const { StormDBDataStoreFactory } = load('./services/dataStore/stormDb');
  const { MessageDeliveryService } = load('./services/messageDelivery/messageDelivery');
  const { UserPoolServiceFactoryImpl, attributesAppend, attributeValue } = load('./services/userPoolService');
  const { otp } = load('./services/otp');
  const { JwtTokenGenerator } = load('./services/tokenGenerator');
  const { CryptoService } = load('./services/crypto');
  const errors = load('./errors');
  const { InvalidParameterError, UserNotFoundError } = errors;

  await mkdir(dataDirectory, { recursive: true });
  const logger = pino({ level: quiet ? 'warn' : 'info' });
  const ctx = { logger };
  const issuerDomain = `http://localhost:${port}`;
  const config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuerDomain },
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false },
  };

  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  await seedUserPool(ctx, cognito, USER_POOL_AWS_DEFAULTS.SchemaAttributes, clock);

  // Codes that ForgotPassword is about to deliver: the sender words those e-mails as a password reset.
  const passwordResetCodes = new Set<string>();
  const messageSender = {
    async sendEmail(
      _ctx: unknown,
      user: { Attributes: AttributeList },
      destination: string,
      message: { __code?: string },
    ) {
      const code = message.__code ?? '';
      if (passwordResetCodes.has(code)) {
        passwordResetCodes.delete(code);
        await outbox.send(passwordResetEmail(destination || attributeValue('email', user.Attributes), code));
        return;
      }
      await outbox.send({
        to: destination || attributeValue('email', user.Attributes),
        subject: 'Your Ringly verification code',
        text: `Welcome to Ringly!\n\nYour verification code is ${code}\n\nEnter it on the confirmation screen to finish creating your account. The code expires in 24 hours.`,
        kind: 'signup-confirmation',
      });
    },
    async sendSms() {
      // The pool verifies e-mail only; no SMS is ever sent.
    },
  };

  const triggers = new services.TriggersService(
    clock,
    cognito,
    { enabled: () => false },
    new CryptoService(config.KMSConfig),
  );
  const sessions = cognitoSessions({
    jwt: load('jsonwebtoken'),
    privateKeyPem: load('./keys/cognitoLocal.private.json').pem,
    publicKeyPem: load('./keys/cognitoLocal.public.json').pem,
    cognito,
    errors,
  });
  const allServices = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(triggers, new MessageDeliveryService(messageSender)),
    otp,
    tokenGenerator: sessions.wrapGenerator(new JwtTokenGenerator(clock, triggers, config.TokenConfig)),
    triggers,
  };

  const baseRouter = Router(allServices);
  const cognitoLike = cognitoLikeTargets({
    baseRouter,
    cognito,
    errors,
    otp: () => {
      const code: string = otp();
      passwordResetCodes.add(code);
      return code;
    },
    messages: allServices.messages,
    attributeValue,
  });
  const router = sessions.wrapRouter((target: string) => {
    const override = cognitoLike(target);
    if (override) return override;
    if (target === 'GetTokensFromRefreshToken') {
      return async (
        routeCtx: unknown,
        req: { ClientId: string; RefreshToken: string; DeviceKey?: string },
      ) => {
        const result = await baseRouter('InitiateAuth')(routeCtx, {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: req.ClientId,
          AuthParameters: {
            REFRESH_TOKEN: req.RefreshToken,
            ...(req.DeviceKey ? { DEVICE_KEY: req.DeviceKey } : {}),
          },
        });
        return { AuthenticationResult: result.AuthenticationResult };
      };
    }
    if (target === 'ConfirmSignUp') {
      return async (routeCtx: unknown, req: { ClientId: string; Username: string }) => {
        const result = await baseRouter('ConfirmSignUp')(routeCtx, req);
        const pool = await cognito.getUserPoolForClientId(routeCtx, req.ClientId);
        const user = await pool.getUserByUsername(routeCtx, req.Username);
        if (user) {
          await pool.saveUser(routeCtx, {
            ...user,
            Attributes: attributesAppend(user.Attributes, { Name: 'email_verified', Value: 'true' }),
          });
        }
        return result;
      };
    }
    if (target === 'ResendConfirmationCode') {
      // Missing from cognito-local; answers as real Cognito does, with a fresh code delivered by e-mail.
      return async (
        routeCtx: unknown,
        req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
      ) => {
        const pool = await cognito.getUserPoolForClientId(routeCtx, req.ClientId);
        const user = await pool.getUserByUsername(routeCtx, req.Username);
        if (!user) throw new UserNotFoundError('Username/client id combination not found.');
        if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
        const destination: string = attributeValue('email', user.Attributes) ?? req.Username;
        const deliveryDetails = {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: destination,
        } as const;
        const code = otp();
        await allServices.messages.deliver(
          routeCtx,
          'ResendCode',
          req.ClientId,
          pool.options.Id,
          user,
          code,
          req.ClientMetadata,
          deliveryDetails,
        );
        await pool.saveUser(routeCtx, { ...user, ConfirmationCode: code });
        return { CodeDeliveryDetails: { ...deliveryDetails, Destination: maskEmail(destination) } };
      };
    }
    return baseRouter(target);
  });

  const server: Server = await createServer(router, logger, config.ServerConfig, allServices).start();
  return {
    url: issuerDomain,
    issuer: `${issuerDomain}/${LOCAL_USER_POOL_ID}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function seedUserPool(ctx: unknown, cognito: any, defaultSchema: AttributeList, clock: any) {
  const pools: Array<{ Id: string }> = await cognito.listUserPools(ctx);
  if (!pools.some((pool) => pool.Id === LOCAL_USER_POOL_ID)) {
    await cognito.createUserPool(ctx, {
      Id: LOCAL_USER_POOL_ID,
      Name: 'receptionist-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireUppercase: false,
          RequireLowercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      SchemaAttributes: [
        ...defaultSchema,
        ...CUSTOM_ATTRIBUTES.map((name) => ({
          Name: `custom:${name}`,
          AttributeDataType: 'String',
          DeveloperOnlyAttribute: false,
          Mutable: true,
          Required: false,
          StringAttributeConstraints: { MinLength: '0', MaxLength: '256' },
        })),
      ],
    });
  }
  if (!(await cognito.getAppClient(ctx, LOCAL_USER_POOL_CLIENT_ID))) {
    const pool = await cognito.getUserPool(ctx, LOCAL_USER_POOL_ID);
    await pool.saveAppClient(ctx, {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      ClientName: 'web',
      UserPoolId: LOCAL_USER_POOL_ID,
      CreationDate: clock.get(),
      LastModifiedDate: clock.get(),
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      AccessTokenValidity: 1,
      IdTokenValidity: 1,
      RefreshTokenValidity: 30,
    });
  }
}
