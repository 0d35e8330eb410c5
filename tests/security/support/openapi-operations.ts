/**
 * The operations of the served OpenAPI document (/openapi.json), the list the security suite walks, so a
 * route added tomorrow is covered without touching the suite.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type OperationObject = {
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export type Operation = {
  method: string;
  /** The documented path, `{param}` placeholders kept. */
  path: string;
  secured: boolean;
  /** Secured by an API key (docs/decisions/179) rather than the owner's Cognito token. */
  apiKey: boolean;
  perUser: boolean;
  /** The JSON body schema, $refs resolved, when the operation takes JSON. */
  jsonBody?: JsonSchema;
};

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 20) return {};
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop()!;
      return resolve(doc.components?.schemas?.[name] ?? {}, depth + 1);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, resolve(value, depth + 1)]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (schema[key]) out[key] = schema[key]!.map((s) => resolve(s, depth + 1));
    }
    if (typeof schema.additionalProperties === 'object') {
      out.additionalProperties = resolve(schema.additionalProperties, depth + 1);
    }
    return out;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        secured: (operation.security ?? []).length > 0,
        apiKey: (operation.security ?? []).some((scheme) =>
          Object.keys(scheme as object).includes('apiKeyBearer'),
        ),
        perUser: path.includes('{userId}'),
        ...(schema ? { jsonBody: resolve(schema) } : {}),
      };
    }),
  );
}

/** The path with `{userId}` set and every other placeholder given a harmless value. */
export const concretePath = (path: string, userId: string, others: Record<string, string> = {}) =>
  path
    .replace('{userId}', encodeURIComponent(userId))
    .replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(others[name] ?? 'placeholder-id'));
