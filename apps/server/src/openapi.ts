// The OpenAPI document (/docs/json) and its UI (/docs). Each route gives its summary and response
// schemas (contract/responses.ts); this file adds what follows from the route table: a tag per
// SPEC §7 family, a unique operationId, the security its declared access needs, the shared
// error response, and the CSV body of the export calls.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorResponse, HealthResponse, ok, ServerHealthResponse } from '@portal/contract/responses';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, requiredRole } from './auth/guard.ts';

/** SPEC §7 family of a path segment (the segment after /admin or /master), and what it holds. */
const FAMILIES: Record<string, { name: string; description: string }> = {
  'business-data': {
    name: 'Business data',
    description: 'The business directory: search, one business, export',
  },
  'business-change-logs': { name: 'Change logs', description: "A business's change history and its export" },
  'business-products': { name: 'Products', description: "A business's products (read only)" },
  'business-employees': { name: 'Employees', description: "A business's employees (read only)" },
  'business-services': { name: 'Services', description: "A business's services (read only)" },
  'business-events': { name: 'Events', description: "A business's events (read only)" },
  'business-subscriptions': {
    name: 'Subscriptions',
    description: "A business's subscription, its billing history and plan changes",
  },
  'business-access': { name: 'Access', description: 'Per-business access control of admins and the master' },
  'business-registration': {
    name: 'Registration management',
    description: 'Registered businesses, their locations, schedule and registration record',
  },
  'email-change': {
    name: 'Email change',
    description: "Change a business's email with a code sent to the new one",
  },
  'email-verification': { name: 'Email verification', description: 'Codes that prove an email address' },
  'location-coordinate': {
    name: 'Location coordinates',
    description: "A business location's map coordinates",
  },
  verification: { name: 'Verification', description: "A business's email and phone verification flags" },
  'business-deletion': { name: 'Business deletion', description: 'Delete a business and everything it owns' },
  'staff-audit': {
    name: 'Staff audit',
    description: 'What staff did: sign-ins, exports, changes (master only)',
  },
  'business-page': {
    name: 'Business page',
    description: "One business's page: summary and sections in one call",
  },
  'saved-views': { name: 'Saved views', description: "The caller's saved directory searches" },
  'two-factor': { name: 'Two-factor policy', description: 'Whether admins must use a second factor' },
  'business-trash': {
    name: 'Business trash',
    description: 'Deleted businesses kept for restoring, and their purge (master only)',
  },
  webhooks: {
    name: 'Payment webhooks',
    description: 'Events from Stripe and PayPal, and those matching no business',
  },
  'business-import': {
    name: 'Business import',
    description:
      'Spreadsheet imports of businesses: upload, preview, commit, progress, errors and the owner access mails',
  },
};

export const TAGS = [
  { name: 'Authentication', description: 'Sign-in, session validation, refresh and sign-out' },
  { name: 'Admin registration', description: 'Admin accounts (master only)' },
  { name: 'Admin lockout', description: 'Sign-in locks of admin accounts (master only)' },
  ...Object.values(FAMILIES),
  { name: 'Public registration', description: 'Business self-registration (no sign-in)' },
  { name: 'Health', description: 'Server health' },
];

export function tagOf(url: string): string {
  if (url.startsWith('/auth/')) return 'Authentication';
  if (url.startsWith('/public/')) return 'Public registration';
  if (url.startsWith('/health')) return 'Health';
  if (url.startsWith('/webhooks/')) return 'Payment webhooks';
  if (url.includes('/admin-registration')) return 'Admin registration';
  if (url.includes('/admin-lockout')) return 'Admin lockout';
  const tag = FAMILIES[url.split('/')[2] ?? '']?.name;
  if (!tag) throw new Error(`No OpenAPI tag for ${url}`);
  return tag;
}

const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** e.g. GET /admin/business-products/api/v1/business-products/registry/:registry/stats
 *  -> getAdminBusinessProductsV1RegistryByRegistryStats ('api' and the family's repeat left out). */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const words = segments.filter((segment, i) => {
    if (segment === 'api') return false;
    // the family name repeated after /api/v1 (e.g. business-products/api/v1/business-products)
    return !(/^v\d+$/.test(segments[i - 1] ?? '') && segments.slice(0, i - 2).includes(segment));
  });
  const names = words.map((word) => (word.startsWith(':') ? `by-${word.slice(1)}` : word));
  return method.toLowerCase() + names.map(pascal).join('');
}

type Security = Record<string, string[]>[];

/** What a caller sends for the access a route declares (auth/guard.ts). */
export function securityOf(access: Access, url: string): Security {
  if (access === 'public') return [];
  if (access === 'session') return [{ bearerAuth: [] }];
  const role = requiredRole(access, url);
  const master = { bearerAuth: [], masterKey: [] };
  return role === 'master' ? [master] : [{ bearerAuth: [], adminId: [] }, master];
}

/** Who may call an operation, for its description (Spectral's oas rules want one on each). */
export function whoMayCall(access: Access, url: string): string {
  if (access === 'public') return 'No sign-in needed.';
  if (access === 'session') return 'Any signed-in staff member.';
  return requiredRole(access, url) === 'master'
    ? 'Needs a master session.'
    : 'Needs an admin or master session.';
}

const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The jwt of /auth/login' },
  masterKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Master-Key',
    description: 'The master_key of a master sign-in (master sessions)',
  },
  adminId: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Admin-Id',
    description: "The signed-in admin's id (admin sessions)",
  },
} as const;

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

const jsonOf = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' });
  return json;
};

/** Routes whose handlers live outside the families (http/health.routes.ts): documented here. */
const HEALTH_DOCS: Record<string, { summary: string; response: z.ZodType }> = {
  '/health': { summary: 'Server and database health', response: ServerHealthResponse },
  '/health/live': { summary: 'Liveness: the process answers', response: ok({ status: z.string() }) },
  '/health/ready': {
    summary: 'Readiness: the database answers and every migration is applied',
    response: ok({ status: z.string(), database: z.string() }),
  },
};

/**
 * Response schemas as OpenAPI 3.0 and Ajv read them. A `timestamp` (contract/responses.ts) is a
 * Date or a string to the handlers but always ISO text on the wire: `string, date-time`. And
 * `nullable` next to an anyOf (no `type`) moves into the first branch, where Ajv accepts it.
 */
export function wireSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(wireSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { anyOf, ...node } = schema as Record<string, unknown>;
  const walked = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, wireSchema(value)]));
  if (!Array.isArray(anyOf)) return walked;
  if (walked.format === 'date-time') return { ...walked, type: 'string' };
  const branches = anyOf.map(wireSchema) as Record<string, unknown>[];
  if (walked.nullable !== true || walked.type) return { ...walked, anyOf: branches };
  const { nullable: _, ...rest } = walked;
  const [first, ...others] = branches;
  return { ...rest, anyOf: [{ ...first, nullable: true }, ...others] };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * One response schema as the document publishes it (the transform below): the JSON Schema that
 * http/response-serializer.ts compiles, so what is sent and what is documented cannot drift apart.
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const document = { schema: { response: { 200: schema } }, url: '/', openapiObject: { openapi: '3.0.3' } };
  const { schema: out } = jsonSchemaTransform(document as never) as {
    schema: { response: Record<string, unknown> };
  };
  return wireSchema(out.response[200]) as Record<string, unknown>;
}

function transform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema?: Record<string, unknown>; url: string };
  const out: Record<string, unknown> = { ...(schema ?? {}) };
  if (out.hide) return { schema: out, url };
  const { route } = input;
  const method = String(route.method);
  const access = (route.config as { access?: Access } | undefined)?.access ?? 'public';
  out.tags ??= [tagOf(url)];
  out.operationId ??= operationIdOf(method, url);
  out.security ??= securityOf(access, url);
  const response: Record<string, unknown> = { ...((out.response as object | undefined) ?? {}) };
  const health =
    HEALTH_DOCS[url] ??
    (url.endsWith('/health')
      ? { summary: `Health of the ${out.tags} service`, response: HealthResponse }
      : undefined);
  if (health) {
    out.summary ??= health.summary;
    response[200] ??= { description: 'Healthy', ...jsonOf(health.response) };
  }
  if (typeof out.summary === 'string') out.description ??= `${out.summary}. ${whoMayCall(access, url)}`;
  if (url.endsWith('/export')) {
    response[200] = {
      description: 'CSV file (UTF-8 with BOM)',
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
  }
  if (url.endsWith('/business-import/api/v1/imports/:import_id/errors')) {
    response[200] = {
      description: 'CSV file (UTF-8 with BOM): the rows in error and an Error column',
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
  }
  if (url.endsWith('/business-import/api/v1/imports/:import_id/results')) {
    response[200] = {
      description:
        'CSV file (UTF-8 with BOM): Fila, Resultado (Creado, Actualizado, Sin cambios, Error), Número de registro, Nombre del negocio, Error',
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
  }
  if (method === 'POST' && url.endsWith('/business-import/api/v1/imports')) {
    out.consumes = ['multipart/form-data'];
    out.body = {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: 'CSV or XLSX, at most 20 MB' } },
    };
  }
  response['4XX'] ??= { description: 'Client error', ...ERROR_REF };
  response['5XX'] ??= { description: 'Server error or database unavailable', ...ERROR_REF };
  out.response = wireSchema(response);
  if (out.body) out.body = wireSchema(out.body);
  return { schema: out, url };
}

/** Marks the routes @fastify/swagger-ui adds under /docs as public (every route declares access). */
export function declareDocsAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if ((route.url === '/docs' || route.url.startsWith('/docs/')) && !route.config?.access) {
      route.config = { ...route.config, access: 'public' };
    }
  });
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portal de Administración API',
        version: '1.0.0',
        description:
          'Every call of SPEC §7. Families both roles use exist under /admin/... and /master/... ' +
          'with the same tails; /master/... needs a master session. Every failure has the ErrorResponse shape.',
      },
      // Relative: the document describes whichever host serves it (Swagger UI calls the same origin).
      servers: [{ url: '/', description: 'The server that serves this document' }],
      tags: TAGS,
      components: {
        securitySchemes: SECURITY_SCHEMES,
        schemas: {
          ErrorResponse: jsonOf(ErrorResponse) as never,
        },
      },
    },
    transform: transform as never,
  });
  // Swagger UI draws a long list (150+ tags and operations) as it scrolls; the filter finds a tag.
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { filter: true } });
}
