import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('defaults to the local stand-ins', () => {
    const config = loadConfig({});
    expect(config.appEnv).toBe('local');
    expect(config.dynamoDbEndpoint).toBe('http://localhost:8000');
    expect(config.cognito.issuer).toBe('http://localhost:9229/local_Receptionist1');
    expect(config.localProviders).toBe(true);
  });

  it('derives the real Cognito issuer in AWS and turns local providers off', () => {
    const config = loadConfig({
      APP_ENV: 'aws',
      AWS_REGION: 'eu-west-1',
      COGNITO_USER_POOL_ID: 'eu-west-1_Abc',
    });
    expect(config.cognito.issuer).toBe('https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Abc');
    expect(config.cognito.jwksUrl).toBe(`${config.cognito.issuer}/.well-known/jwks.json`);
    expect(config.dynamoDbEndpoint).toBeUndefined();
    expect(config.localProviders).toBe(false);
  });

  it('fails fast listing every invalid value', () => {
    expect(() => loadConfig({ PORT: 'abc', COGNITO_USER_POOL_ID: 'nounderscore' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', COGNITO_USER_POOL_ID: 'nounderscore' })).toThrow(
      /PORT[\s\S]*COGNITO_USER_POOL_ID/,
    );
  });
});
