// The retention settings of the history tables (issue #26): off by default, whole months, and
// only with somewhere to archive to.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('history retention settings', () => {
  it('are off by default and when empty', () => {
    for (const env of [{}, { CHANGE_LOG_RETENTION_MONTHS: '', STAFF_AUDIT_RETENTION_MONTHS: ' ' }]) {
      const config = loadConfig(env);
      expect(config.changeLogRetentionMonths).toBeUndefined();
      expect(config.staffAuditRetentionMonths).toBeUndefined();
    }
  });

  it('read whole months, with ARCHIVE_DIR', () => {
    const config = loadConfig({
      CHANGE_LOG_RETENTION_MONTHS: '24',
      STAFF_AUDIT_RETENTION_MONTHS: '60',
      ARCHIVE_DIR: '/var/archive',
    });
    expect(config).toMatchObject({
      changeLogRetentionMonths: 24,
      staffAuditRetentionMonths: 60,
      archiveDir: '/var/archive',
    });
  });

  it('refuse a retention without ARCHIVE_DIR, and anything but a whole number of months from 1', () => {
    expect(() => loadConfig({ STAFF_AUDIT_RETENTION_MONTHS: '12' })).toThrow(/require ARCHIVE_DIR/);
    for (const value of ['0', '-3', '1.5', 'doce']) {
      expect(() => loadConfig({ CHANGE_LOG_RETENTION_MONTHS: value, ARCHIVE_DIR: '/a' })).toThrow(
        ConfigError,
      );
    }
  });
});
