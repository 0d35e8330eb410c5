import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { createRecordingMetrics } from '../observability/metrics';
import { reportColdStart } from './cold-start-report';
import { loadConfig } from './env';

const KEYS = {
  OPENAI_API_KEY: `sk-${'a'.repeat(40)}`,
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SES_FROM_ADDRESS: 'hello@ringly.example',
};

function report(env: Record<string, string>) {
  const lines: Array<Record<string, unknown>> = [];
  const { metrics, counted } = createRecordingMetrics();
  reportColdStart(loadConfig(env), {
    logger: createLogger((line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
    metrics,
  });
  return { lines, counted: counted.map(({ name }) => name) };
}

describe('the cold-start report', () => {
  it('in AWS: one error line and one metric per outage, naming the keys (never their values)', () => {
    const { lines, counted } = report({ APP_ENV: 'aws', OPENAI_API_KEY: 'not-a-key' });
    expect(lines.map(({ level, requirement }) => [level, requirement])).toEqual([
      ['info', undefined],
      ['error', 'assistant'],
      ['error', 'email'],
    ]);
    expect(lines[1]).toMatchObject({
      missing_keys: ['OPENAI_API_KEY (must start with sk- (an OpenAI API key))'],
    });
    expect(lines[2]).toMatchObject({
      missing_keys: ['SES_FROM_ADDRESS (missing)', 'TOKEN_ENCRYPTION_KEY (missing)'],
    });
    expect(JSON.stringify(lines)).not.toContain('not-a-key');
    expect(counted).toEqual(['AssistantUnavailable', 'EmailUnavailable']);
  });

  it('in AWS with every key: the info line only, nothing counted', () => {
    const { lines, counted } = report({ APP_ENV: 'aws', ...KEYS });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', message: 'Providers at cold start' });
    expect(counted).toEqual([]);
  });

  it('locally the stand-ins answer: no outage is reported', () => {
    const { lines, counted } = report({ APP_ENV: 'local' });
    expect(lines.filter(({ level }) => level === 'error')).toEqual([]);
    expect(counted).toEqual([]);
  });
});
