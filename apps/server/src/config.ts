// Every environment variable the server reads (DESIGN §6), parsed once, here and nowhere else.
import { z } from 'zod';
import { SESSION_CACHE_TTL_MS } from './auth/session-cache.ts';
import { READ_AFTER_MAX_AGE_S } from './http/read-routing.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value : undefined));
const number = z.coerce.number<string | undefined>();
/** A numeric variable: unset, empty or blank (a compose file's bare `${VAR}`) is unset, never the
 * 0 that z.coerce.number() reads from ''. */
const numeric = <T extends z.ZodType<unknown, string | undefined>>(schema: T) => optionalText.pipe(schema);
/** A retention in whole months: unset or empty keeps everything. */
const optionalMonths = numeric(number.int().min(1).max(1200).optional());

/** Database time limits (DESIGN §6): past them a request gets 503, not a hang. A CSV export's
 * cursor is one statement until its last row is sent, so it gets longer. */
export const DB_DEFAULTS = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  exportStatementTimeoutMs: 10 * 60_000,
} as const;

/** PayPal's live REST API; the sandbox is https://api-m.sandbox.paypal.com. */
export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';

/** PayPal webhooks (docs/payments.md): on when the webhook id and the REST app's credentials are set. */
export interface PayPalConfig {
  webhookId: string;
  clientId: string;
  clientSecret: string;
  apiBase: string;
}

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: numeric(number.int().min(0).max(65535).default(3000)),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  MASTER_IDENTIFIER: z.string().min(1).default('master'),
  MASTER_PASSWORD: optionalText,
  JWT_SECRET: optionalText,
  JWT_TTL_SECONDS: numeric(number.int().positive().optional()),
  TOTP_ENCRYPTION_KEY: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Portal de Administración <no-reply@localhost>'),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_RATE_LIMIT: numeric(number.int().min(0).default(60)),
  LOGIN_IP_LIMIT: numeric(number.int().min(0).default(30)),
  DATABASE_REPLICA_URL: optionalText,
  // Past the cookie's lifetime a session's read-after position is forgotten: a replica in use must
  // have caught up by then.
  REPLICA_MAX_LAG_MS: numeric(
    number
      .int()
      .min(0)
      .max(
        READ_AFTER_MAX_AGE_S * 1000,
        `at most ${READ_AFTER_MAX_AGE_S * 1000} (the read-after cookie's lifetime)`,
      )
      .default(5_000),
  ),
  DB_CONNECT_TIMEOUT_MS: numeric(number.int().min(0).default(DB_DEFAULTS.connectTimeoutMs)),
  DB_STATEMENT_TIMEOUT_MS: numeric(number.int().min(0).default(DB_DEFAULTS.statementTimeoutMs)),
  WEB_DIST: optionalText,
  SHUTDOWN_TIMEOUT_MS: numeric(number.int().min(0).default(10_000)),
  WEB_CONCURRENCY: numeric(number.int().min(1).max(256).optional()),
  DB_POOL_SIZE: numeric(number.int().min(2).max(10_000).default(10)),
  REQUEST_TIMEOUT_MS: numeric(number.int().min(0).default(30_000)),
  OUTBOX_RETENTION_DAYS: numeric(number.min(0).default(7)),
  IMPORT_POLL_MS: numeric(number.int().min(0).default(2000)),
  SESSION_CACHE_MS: numeric(number.int().min(0).max(60_000).default(SESSION_CACHE_TTL_MS)),
  HEAP_GROWING_PERCENT: numeric(number.int().min(0).max(1000).default(100)),
  TRUST_PROXY: optionalText,
  METRICS_ENABLED: bool.optional(),
  METRICS_PORT: numeric(number.int().min(1).max(65535).optional()),
  CHANGE_LOG_RETENTION_MONTHS: optionalMonths,
  STAFF_AUDIT_RETENTION_MONTHS: optionalMonths,
  ARCHIVE_DIR: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).default(PAYPAL_LIVE_API),
  TRASH_RETENTION_DAYS: numeric(number.int().min(0).max(36_500).default(30)),
});

/**
 * TRUST_PROXY for Fastify's `trustProxy`: unset (or 'false', '0') is off; a whole number is a
 * hop count; anything else a comma-separated list of addresses or CIDRs of the proxies.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return list.length > 0 ? list : false;
}

export type AppConfig = {
  production: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only; 0 turns a limit off. */
  /** DATABASE_REPLICA_URL: streaming replicas for reads (comma-separated). */
  databaseReplicaUrls?: string[];
  /** REPLICA_MAX_LAG_MS: a replica further behind is not read from. */
  replicaMaxLagMs?: number;
  dbConnectTimeoutMs?: number;
  dbStatementTimeoutMs?: number;
  masterIdentifier: string;
  masterPassword?: string;
  jwtSecret?: string;
  jwtTtlSeconds?: number;
  /** Seals 2FA secrets at rest (auth/two-factor-crypto.ts); without it, a key derived from the JWT secret. */
  totpEncryptionKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** undefined: seed only a brand-new embedded database. */
  seedDemo?: boolean;
  logLevel: string;
  publicRateLimit: number;
  loginIpLimit: number;
  webDist?: string;
  /** Server processes on the port (node:cluster); unset: one per core in production on PostgreSQL. */
  webConcurrency?: number;
  /** PostgreSQL connections of the main pools, all server processes together. */
  dbPoolSize?: number;
  /** How long SIGTERM/SIGINT wait for in-flight requests before the process exits anyway. */
  shutdownTimeoutMs?: number;
  /** How long a client may take to send a whole request (headers and body): past it, 408 and the
   * connection is closed. The response is not limited (0: no limit). */
  requestTimeoutMs?: number;
  /** Outbox rows (mail without SMTP_URL) older than this many days are deleted; 0 keeps them. */
  outboxRetentionDays?: number;
  /** How often this process looks for a waiting import job; 0 or unset: never. */
  importPollMs?: number;
  /** SESSION_CACHE_MS: how long a process trusts a session it has read (0: read it every time). */
  sessionCacheMs?: number;
  /** How far V8's old generation may grow past what survived its last full GC (heap-growth.ts). */
  heapGrowingPercent?: number;
  /** Fastify's trustProxy (parseTrustProxy); false when unset. */
  trustProxy?: false | number | string[];
  /** Serve Prometheus text at /metrics on the main port. */
  metricsEnabled?: boolean;
  /** Serve /metrics on this separate port instead (implies metrics on). */
  metricsPort?: number;
  /** Months of business_change_logs kept (older whole months archived, then dropped); unset: all. */
  changeLogRetentionMonths?: number;
  /** Months of staff_actions kept, the same way; unset: all. */
  staffAuditRetentionMonths?: number;
  /** Where dropped months are written as gzipped CSV; required with a retention. */
  archiveDir?: string;
  /** The signing secret of the Stripe webhook endpoint (whsec_...); unset: /webhooks/stripe answers 404. Never logged. */
  stripeWebhookSecret?: string;
  /** PayPal webhook verification; unset: /webhooks/paypal answers 404. */
  paypal?: PayPalConfig;
  /** Days a deleted business waits in the master's trash before the daily purge; 0 keeps it. */
  trashRetentionDays?: number;
};

export class ConfigError extends Error {}

const MIN_JWT_SECRET_LENGTH = 32;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = [!e.MASTER_PASSWORD && 'MASTER_PASSWORD', !e.JWT_SECRET && 'JWT_SECRET'].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`NODE_ENV=production requires ${missing.join(' and ')} to be set`);
    }
    // Anyone signed in holds a token signed with it: a short key can be found offline from one.
    if ((e.JWT_SECRET?.length ?? 0) < MIN_JWT_SECRET_LENGTH) {
      throw new ConfigError(
        `JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters in production (e.g. openssl rand -base64 48)`,
      );
    }
  }
  if (e.WEB_CONCURRENCY && e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'WEB_CONCURRENCY above 1 requires DATABASE_URL (the embedded database belongs to one process)',
    );
  }
  if ((e.CHANGE_LOG_RETENTION_MONTHS || e.STAFF_AUDIT_RETENTION_MONTHS) && !e.ARCHIVE_DIR) {
    throw new ConfigError(
      'CHANGE_LOG_RETENTION_MONTHS and STAFF_AUDIT_RETENTION_MONTHS require ARCHIVE_DIR (where dropped months are archived)',
    );
  }
  const paypalParts = [e.PAYPAL_WEBHOOK_ID, e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET];
  if (paypalParts.some(Boolean) && !paypalParts.every(Boolean)) {
    throw new ConfigError(
      'PayPal webhooks need PAYPAL_WEBHOOK_ID, PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET together',
    );
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    databaseReplicaUrls: e.DATABASE_REPLICA_URL?.split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    masterIdentifier: e.MASTER_IDENTIFIER,
    masterPassword: e.MASTER_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    loginIpLimit: e.LOGIN_IP_LIMIT,
    webDist: e.WEB_DIST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webConcurrency: e.WEB_CONCURRENCY,
    dbPoolSize: e.DB_POOL_SIZE,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    importPollMs: e.IMPORT_POLL_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsEnabled: e.METRICS_ENABLED ?? false,
    metricsPort: e.METRICS_PORT,
    changeLogRetentionMonths: e.CHANGE_LOG_RETENTION_MONTHS,
    staffAuditRetentionMonths: e.STAFF_AUDIT_RETENTION_MONTHS,
    archiveDir: e.ARCHIVE_DIR,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    paypal:
      e.PAYPAL_WEBHOOK_ID && e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            webhookId: e.PAYPAL_WEBHOOK_ID,
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            apiBase: e.PAYPAL_API_BASE.replace(/\/+$/, ''),
          }
        : undefined,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
  };
}
