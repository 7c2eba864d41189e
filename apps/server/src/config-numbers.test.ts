// Numeric settings: an empty value (a compose file's bare `${VAR}`) is unset and takes the
// default; it never turns a limit off, nor asks for a random port.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const NUMERIC = [
  'PORT',
  'JWT_TTL_SECONDS',
  'PUBLIC_RATE_LIMIT',
  'LOGIN_IP_LIMIT',
  'REPLICA_MAX_LAG_MS',
  'DB_CONNECT_TIMEOUT_MS',
  'DB_STATEMENT_TIMEOUT_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'WEB_CONCURRENCY',
  'DB_POOL_SIZE',
  'REQUEST_TIMEOUT_MS',
  'OUTBOX_RETENTION_DAYS',
  'IMPORT_POLL_MS',
  'SESSION_CACHE_MS',
  'HEAP_GROWING_PERCENT',
  'METRICS_PORT',
  'CHANGE_LOG_RETENTION_MONTHS',
  'STAFF_AUDIT_RETENTION_MONTHS',
  'TRASH_RETENTION_DAYS',
];

describe('numeric settings', () => {
  it('take their defaults when empty or blank, as when unset', () => {
    const defaults = loadConfig({});
    for (const value of ['', ' ']) {
      const env = Object.fromEntries(NUMERIC.map((name) => [name, value]));
      expect(loadConfig(env), JSON.stringify(value)).toEqual(defaults);
    }
  });

  it('keep the deadlines, the shutdown wait, the import poll and the port when empty', () => {
    const config = loadConfig({
      DB_CONNECT_TIMEOUT_MS: '',
      DB_STATEMENT_TIMEOUT_MS: '',
      SHUTDOWN_TIMEOUT_MS: '',
      IMPORT_POLL_MS: '',
      PORT: '',
    });
    expect(config).toMatchObject({
      dbConnectTimeoutMs: 5_000,
      dbStatementTimeoutMs: 15_000,
      shutdownTimeoutMs: 10_000,
      importPollMs: 2_000,
      port: 3000,
    });
  });

  it('still read an explicit 0, and refuse what is not a number', () => {
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0', PORT: '0' })).toMatchObject({
      dbStatementTimeoutMs: 0,
      port: 0,
    });
    for (const name of NUMERIC) {
      expect(() => loadConfig({ [name]: 'diez', ARCHIVE_DIR: '/a' }), name).toThrow(ConfigError);
    }
  });

  it("refuse a REPLICA_MAX_LAG_MS past the read-after cookie's lifetime", () => {
    expect(loadConfig({ REPLICA_MAX_LAG_MS: '60000' }).replicaMaxLagMs).toBe(60_000);
    expect(() => loadConfig({ REPLICA_MAX_LAG_MS: '60001' })).toThrow(
      /REPLICA_MAX_LAG_MS: at most 60000 \(the read-after cookie's lifetime\)/,
    );
  });
});
