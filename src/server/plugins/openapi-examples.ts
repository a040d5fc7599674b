import { z } from 'zod';
import { type ErrorCode, MISSING_ORG_MESSAGE, OPERATOR_REQUIRED_MESSAGE } from '#shared/errors.ts';
import type { ApiErrorBody } from '#shared/schemas/common.ts';
import { roleNeededMessage } from '#shared/schemas/members.ts';
import type { RouteRule } from '../lib/permissions.ts';
import { zodErrorBody } from './error-handler.ts';
import { API_KEY_REFUSED_MESSAGE } from './permissions.ts';

// Examples for the OpenAPI document, made from the schemas themselves so that no
// example is written by hand per route: a value for any JSON schema (its own
// `examples` first, as set with zod's `.meta({ examples })` on the shared fields),
// and each route's error bodies as the server words them. The document test checks
// every example against its schema.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = { [key: string]: unknown };

const DATE_TIME = '2026-03-14T09:30:00.000Z';

/**
 * Values for strings that say what they are by their name alone (a value that does
 * not fit the schema's length or pattern is passed over).
 */
const STRING_BY_NAME: [RegExp, string][] = [
  [/^e?mail$|Email$/, 'ada@example.org'],
  [/^(url|href)$|Url$/, 'https://rally.example.org/c/clean-rivers'],
  [/^username$/, 'ada'],
  [/^password$|Password$/, 'correct horse battery staple'],
  [/^(name|organization|campaignName)$/, 'Clean rivers'],
  [/^(title|assetTitle)$/, 'Photo of the river'],
  [/^(description|message|reason|text|shareText)$/, 'Rivers need us: share if you agree'],
  [/^altText$/, 'A clear river in spring'],
  [/^(language|locale|lang)$/, 'en'],
  [/^(at|since)$|(At|Since)$/, DATE_TIME],
  [/^(date|day)$|Date$/, '2026-03-14'],
  [/^(timeZone|tz)$/, 'Europe/Paris'],
  // A Web Push subscription's keys (their shape is checked by a refinement JSON Schema cannot say):
  // named here, not on the shared schema, so the supporter page's scripts stay as light.
  [/^p256dh$/, 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'],
  [/^auth$/, 'tBHItJI5svbpez7KI4CCXg'],
  [/^role$/, 'editor'],
  [/^platform$/, 'bluesky'],
  [/^firstName$/, 'Ada'],
  [/^lastName$/, 'Lovelace'],
  [/^phone$/, '+44 20 7946 0958'],
  [/^utmMedium$|^medium$/, 'social'],
  [/^utmCampaign$/, 'clean-rivers'],
];

const STRING_BY_FORMAT: Record<string, string> = {
  'date-time': DATE_TIME,
  date: '2026-03-14',
  email: 'ada@example.org',
  uri: 'https://rally.example.org/',
  url: 'https://rally.example.org/',
};
/** Tried in turn on a `pattern` no other value matches. */
const PATTERN_CANDIDATES = ['#1e3a8a', 'clean-rivers', 'share_text', 'a1b2c3d4e5f6g7h8i9j0k1l2', 'abc'];

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const typesOf = (s: JsonSchema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];

/**
 * A value that fits `schema`, the same on every call: its own example, const, default
 * or first enum value, else one made from its type, bounds and format (and `key`, the
 * property it sits in, for strings such as `email` or `url`).
 */
export function exampleFor(schema: unknown, key = ''): Json {
  if (!isObject(schema)) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return structuredClone(schema.examples[0]);
  if ('example' in schema) return structuredClone(schema.example as Json);
  if ('const' in schema) return schema.const as Json;
  if ('default' in schema) return structuredClone(schema.default as Json);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as Json;
  for (const list of ['anyOf', 'oneOf'] as const) {
    const branches = schema[list];
    if (Array.isArray(branches) && branches.length > 0) {
      // A nullable field shows its value, not its null.
      const branch = branches.find((b) => !(isObject(b) && typesOf(b).join() === 'null')) ?? branches[0];
      return exampleFor(branch, key);
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return exampleFor(schema.allOf[0], key);
  const type = typesOf(schema).find((t) => t !== 'null') ?? typesOf(schema)[0];
  switch (type) {
    case 'object':
      return objectExample(schema);
    case 'array': {
      if (Array.isArray(schema.prefixItems)) return schema.prefixItems.map((item) => exampleFor(item));
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, (_, i) => {
        const item = exampleFor(schema.items, key);
        // Distinct items, for lists that must not repeat.
        return typeof item === 'number' ? item + i : item;
      });
    }
    case 'string':
      return stringExample(schema, key);
    case 'integer':
    case 'number':
      return numberExample(schema, key, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // No type (z.unknown(), z.any()): any value fits.
      return isObject(schema.properties) ? objectExample(schema) : null;
  }
}

function objectExample(schema: JsonSchema): Json {
  const out: Record<string, Json> = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) out[name] = exampleFor(property, name);
  // A record (z.record) has no named properties: one entry shows its shape.
  if (Object.keys(properties).length === 0 && isObject(schema.additionalProperties)) {
    const names = isObject(schema.propertyNames) ? exampleFor(schema.propertyNames) : 'key';
    out[typeof names === 'string' ? names : 'key'] = exampleFor(schema.additionalProperties);
  }
  return out;
}

function stringExample(schema: JsonSchema, key: string): string {
  const format = typeof schema.format === 'string' ? STRING_BY_FORMAT[schema.format] : undefined;
  const byName = STRING_BY_NAME.find(([re]) => re.test(key))?.[1];
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const candidates = [format, byName, ...(pattern ? PATTERN_CANDIDATES : []), key || 'text'].filter(
    (c): c is string => c !== undefined,
  );
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Number.POSITIVE_INFINITY);
  const fits = (c: string) => [...c].length >= min && [...c].length <= max && (!pattern || pattern.test(c));
  const found = candidates.find(fits);
  if (found !== undefined) return found;
  // Padded or cut to the length allowed.
  const base = candidates[candidates.length - 1] ?? 'text';
  return base.padEnd(min, 'x').slice(0, Number.isFinite(max) ? max : undefined);
}

function numberExample(schema: JsonSchema, key: string, integer: boolean): number {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  let low = num(schema.minimum) ?? Number.NEGATIVE_INFINITY;
  const exclusiveLow = num(schema.exclusiveMinimum);
  if (exclusiveLow !== undefined) low = Math.max(low, integer ? exclusiveLow + 1 : exclusiveLow + 0.5);
  let high = num(schema.maximum) ?? Number.POSITIVE_INFINITY;
  const exclusiveHigh = num(schema.exclusiveMaximum);
  if (exclusiveHigh !== undefined) high = Math.min(high, integer ? exclusiveHigh - 1 : exclusiveHigh - 0.5);
  // Ids look like ids; counts and sizes like counts.
  const wanted = /(^id|Id)$/.test(key) ? 42 : 1;
  return Math.min(Math.max(wanted, low), high);
}

/** A named example of a media type (OpenAPI's Example Object). */
export interface NamedExample {
  summary: string;
  value: unknown;
}

/** What a route's refusals are made of: its rule, and the zod schemas its input is checked with. */
export interface RouteInput {
  rule: RouteRule | undefined;
  url: string;
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
  /** The 409s its services answer (openapi-bodies.ts). */
  conflicts?: { code: ErrorCode; summary: string; message: string; params?: Record<string, unknown> }[];
}

const isZod = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

/**
 * The 400 this route answers to an input that fails its schema, as the error handler
 * words it: the body with no field at all, else a path parameter of `0`, else a query
 * with a field it does not know. None when every such input passes.
 */
function validationExample(route: RouteInput): ApiErrorBody | undefined {
  const params = Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map((m) => [m[1], '0']));
  const tries: [unknown, unknown][] = [
    [route.body, {}],
    [route.params, params],
    [route.querystring, { unknownField: '1' }],
  ];
  for (const [schema, input] of tries) {
    if (!isZod(schema)) continue;
    const parsed = schema.safeParse(input);
    if (!parsed.success) return zodErrorBody(parsed.error, input);
  }
  return undefined;
}

const refusal = (summary: string, code: ApiErrorBody['code'], message: string): NamedExample => ({
  summary,
  value: { code, message } satisfies ApiErrorBody,
});

/** `USERNAME_TAKEN` -> `usernameTaken`: a 409 example's name. */
const camelCode = (code: string) =>
  code.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The 4xx bodies this route can answer, by what its permission rule and its input
 * allow: a field error (400), no caller (401), a caller it refuses (403), an id that
 * is not the caller's or does not exist (404).
 */
export function clientErrorExamples(route: RouteInput): Record<string, NamedExample> {
  const out: Record<string, NamedExample> = {};
  const invalid = validationExample(route);
  if (invalid) out.validationFailed = { summary: '400: a field fails its schema', value: invalid };
  const rule = route.rule;
  if (rule && rule.access !== 'public') {
    out.notAuthenticated = refusal(
      '401: no valid session or API key',
      'NOT_AUTHENTICATED',
      'Not authenticated',
    );
    if (rule.sessionOnly || rule.access === 'operator')
      out.apiKeyNotAllowed = refusal(
        '403: an API key on a route for people signed in',
        'API_KEY_NOT_ALLOWED',
        API_KEY_REFUSED_MESSAGE,
      );
    if (rule.access === 'operator')
      out.operatorRequired = refusal(
        '403: a caller who is not an operator of the instance',
        'OPERATOR_REQUIRED',
        OPERATOR_REQUIRED_MESSAGE,
      );
    else if (rule.access === 'editor' || rule.access === 'admin')
      out.roleRequired = refusal(
        `403: a role below ${rule.access}`,
        'ROLE_REQUIRED',
        roleNeededMessage(rule.access),
      );
    else if (rule.access !== 'session')
      out.noOrganization = refusal(
        '403: a caller in no organisation',
        'NO_ORGANIZATION',
        MISSING_ORG_MESSAGE,
      );
  }
  if (/:\w+/.test(route.url))
    out.notFound = refusal("404: no such record, or another organisation's", 'NOT_FOUND', 'Not found');
  for (const c of route.conflicts ?? [])
    out[camelCode(c.code)] = c.params
      ? { summary: c.summary, value: { code: c.code, message: c.message, params: c.params } }
      : refusal(c.summary, c.code, c.message);
  // Every route has at least one refusal to show: the one of no route at all is the last resort.
  if (Object.keys(out).length === 0)
    out.refused = refusal(
      '4xx: a request the HTTP layer refuses',
      'MALFORMED_REQUEST',
      'The URL is not valid',
    );
  return out;
}

/** The 5xx body: nothing about the failure leaves the server. */
export const SERVER_ERROR_EXAMPLES: Record<string, NamedExample> = {
  internal: refusal('500: the server failed', 'INTERNAL', 'Internal server error'),
};
