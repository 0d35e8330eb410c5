import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations';

/**
 * fast-check arbitraries from a JSON schema (the OpenAPI body schemas): mostly values that fit the schema,
 * so a request gets past the first check and reaches the handler and the database, mixed with hostile ones
 * (wrong types, boundary and oversize strings, NUL and lone surrogates, deep nesting, extra keys).
 */
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF tail',
  '😀',
  '<script>alert(1)</script>',
  "'; DROP TABLE x; --",
  '{"$ne":null}',
  '../../etc/passwd',
  'x'.repeat(5_000),
  '\r\nBcc: victim@example.com',
  '\u202Egnp.exe',
  'https://evil.example/phish',
  '+15555550100',
  'NaN',
  '1e309',
);

const hostileValues = fc.oneof(
  hostileStrings,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1, [], {}, [[[[[[]]]]]]),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(JSON.parse(`${'['.repeat(60)}${']'.repeat(60)}`)),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 60),
    unit: 'grapheme',
  });
}

function fitting(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fitting(v, depth + 1)));
  if (schema.allOf?.length) return fitting(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fitting(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 6),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const optionals = Object.keys(properties).filter((key) => !required.has(key));
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, fitting(value, depth + 1)]),
        ),
        { requiredKeys: [...required] },
      );
      if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      }
      return optionals.length || required.size ? record : fc.constant({});
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One field of a fitting object replaced by a hostile value, or a hostile key added. */
function mutated(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fitting(schema, 0).chain((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return hostileValues;
    const keys = Object.keys(value as object);
    return fc.oneof(
      fc
        .record({ key: fc.constantFrom(...(keys.length ? keys : ['x'])), bad: hostileValues })
        .map(({ key, bad }) => ({ ...(value as object), [key]: bad })),
      fc
        .record({
          key: fc.constantFrom('__proto__', 'constructor', 'pk', 'user_id', '\u0000', 'extra'),
          bad: hostileValues,
        })
        .map(({ key, bad }) => ({ ...(value as object), [key]: bad })),
    );
  });
}

/** Bodies that fit the schema. */
export const fittingArbitrary = (schema: JsonSchema): fc.Arbitrary<unknown> => fitting(schema, 0);

/** Bodies for an operation: about half fit the schema, the rest are hostile. */
export const bodyArbitrary = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> =>
  schema
    ? fc.oneof(
        { arbitrary: fitting(schema, 0), weight: 2 },
        { arbitrary: mutated(schema), weight: 2 },
        {
          arbitrary: hostileValues,
          weight: 1,
        },
      )
    : hostileValues;
