import type Joi from 'joi';
import parseJoi from 'joi-to-json';
import { pathsOf, type AnyEndpoint } from '@swapstuff/contracts';
import type { RegisteredRoute } from '../router';
import contents from './contents.schema.json';

type Schema = Record<string, unknown>;

/** The generated schemas point at `#/definitions/…`; in the document they live in components. */
function componentRefs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/definitions/', '"#/components/schemas/')) as T;
}

/** `/api/productdetail/:id` → `/api/productdetail/{id}`, and the names of its path params. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return { path: path.replace(/:(\w+)/g, '{$1}'), params };
}

const envelope = (content: Schema): Schema => ({
  type: 'object',
  required: ['Success', 'Description', 'Content'],
  properties: {
    Success: { type: 'boolean' },
    Description: { type: 'string', description: 'what to tell the user, on success or failure' },
    Content: content,
    error: { type: 'string', description: '"407" on the 401 of a session that ended: sign out' },
  },
});

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
});

const isStaffOnly = (endpoint: AnyEndpoint) =>
  endpoint.auth === 'staff-factor' || endpoint.auth === 'support' || endpoint.auth === 'admin';

/** The answers every endpoint may give besides its own. */
function failures(endpoint: AnyEndpoint): Record<string, unknown> {
  return {
    ...(endpoint.input !== 'path' || endpoint.path.includes(':')
      ? { 400: failure('The input was refused: Content.errors holds field → message') }
      : {}),
    ...(endpoint.auth === 'required' ? { 401: failure('No session, or one that ended (error "407")') } : {}),
    ...(endpoint.auth === 'admin' ? { 403: failure('A support agent’s staff sign-in: this is for admins') } : {}),
    404: failure(
      isStaffOnly(endpoint)
        ? 'Not found: also what anyone but a staff sign-in (with its second factor) is answered'
        : 'Not found (also what ids of other users’ things answer)',
    ),
    429: failure('Too many attempts: see Retry-After'),
    503: failure('The service is briefly unavailable: see Retry-After'),
  };
}

function requestBody(endpoint: AnyEndpoint, schema: Schema): Schema | undefined {
  if (endpoint.input === 'multipart') {
    const files = Object.fromEntries(
      (endpoint.files ?? []).map((field) => [field, { type: 'array', items: { type: 'string', format: 'binary' } }]),
    );
    const form = { type: 'object', ...schema, properties: { ...(schema.properties as Schema), ...files } };
    return { required: true, content: { 'multipart/form-data': { schema: form } } };
  }
  if (endpoint.input === 'body') return { required: true, content: { 'application/json': { schema } } };
  return undefined;
}

/** The operation of one path of an endpoint (its own, or an alias). */
function operation(name: string, route: RegisteredRoute, params: string[], alias: number): Schema {
  const { endpoint } = route;
  const input: Schema = route.schema ? (parseJoi(route.schema as Joi.Schema, 'open-api-3.1') as Schema) : {};
  const properties = (input.properties ?? {}) as Record<string, Schema>;
  const required = new Set((input.required ?? []) as string[]);
  const queryParams =
    endpoint.input === 'query'
      ? Object.entries(properties)
          .filter(([key]) => !params.includes(key))
          .map(([key, schema]) => ({ name: key, in: 'query', required: required.has(key), schema }))
      : [];
  const success = endpoint.document
    ? endpoint.document === 'html'
      ? { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } }
      : endpoint.document === 'csv'
        ? { description: 'The table', content: { 'text/csv': { schema: { type: 'string' } } } }
        : { description: 'The document', content: { 'application/json': { schema: { type: 'object' } } } }
    : {
        description: 'Success: Content is the answer',
        content: {
          'application/json': { schema: envelope((contents.properties as Schema)[endpoint.content] as Schema) },
        },
      };
  return {
    operationId: alias ? `${name}Alias${alias}` : name,
    tags: [endpoint.tag],
    summary: alias ? `${endpoint.summary} (another path of ${name})` : endpoint.summary,
    ...(endpoint.auth === 'required' || isStaffOnly(endpoint) ? { security: [{ bearer: [] }] } : {}),
    ...(endpoint.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
    parameters: [
      ...params.map((param) => ({ name: param, in: 'path', required: true, schema: { type: 'string' } })),
      ...queryParams,
    ],
    ...(requestBody(endpoint, input) ? { requestBody: requestBody(endpoint, input) } : {}),
    responses: { '2XX': success, ...(endpoint.document ? {} : failures(endpoint)) },
  };
}

/**
 * The api as an OpenAPI 3.1 document: every path of every endpoint the api registered from the table,
 * its input from the joi rules it is checked with, its answer from contracts' types (contents.schema.json).
 */
export function openApiDocument(
  routes: RegisteredRoute[],
  names: Map<AnyEndpoint, string>,
  info: { version: string },
): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const route of routes) {
    const name = names.get(route.endpoint) ?? route.endpoint.path;
    pathsOf(route.endpoint).forEach((raw, alias) => {
      const { path, params } = openApiPath(raw);
      paths[path] = { ...paths[path], [route.endpoint.method.toLowerCase()]: operation(name, route, params, alias) };
    });
  }
  return componentRefs({
    openapi: '3.1.0',
    info: {
      title: 'Swapstuff api',
      version: info.version,
      description:
        'Every answer is an envelope {Success, Description, Content}. Mobile apps sign in at /api/user/signin ' +
        'and send the token as `Authorization: Bearer <token>`; browsers go through the gateway, which keeps ' +
        'the token in their session.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.endpoint.tag))].map((tag) => ({ name: tag })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        ...contents.definitions,
        Failure: envelope({ description: 'null, or { errors: { field: message } } for refused input' }),
      },
    },
  });
}
