/**
 * Structured JSON logs, one object per line: in Lambda they land in CloudWatch Logs as is, and
 * CloudWatch Logs Insights can query every field. Keys that may hold secrets are redacted.
 */
import { currentLogContext } from './log-context';

const REDACTED_KEYS = /token|password|secret|authorization|cookie|code_verifier|api[_-]?key/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      REDACTED_KEYS.test(key) ? '[redacted]' : redact(item, depth + 1),
    ]),
  );
}

type Level = 'debug' | 'info' | 'warn' | 'error';
export type LogSink = (line: string) => void;

export function createLogger(sink: LogSink = (line) => process.stdout.write(`${line}\n`)) {
  const write = (level: Level, message: string, fields: Record<string, unknown> = {}) =>
    sink(
      JSON.stringify({
        level,
        time: new Date().toISOString(),
        message,
        // The request's ids (log-context.ts); a field passed explicitly wins.
        ...currentLogContext(),
        ...(redact(fields) as object),
      }),
    );
  return {
    debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
    info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
    warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
    error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
  };
}
export type Logger = ReturnType<typeof createLogger>;
