// The retention settings of the history tables: off by default, whole months, and
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

describe('trash retention setting', () => {
  it('keeps a deleted business 30 days by default, any whole number of days, 0 for ever', () => {
    expect(loadConfig({}).trashRetentionDays).toBe(30);
    expect(loadConfig({ TRASH_RETENTION_DAYS: '7' }).trashRetentionDays).toBe(7);
    expect(loadConfig({ TRASH_RETENTION_DAYS: '0' }).trashRetentionDays).toBe(0);
    for (const value of ['-1', '1.5', 'treinta'])
      expect(() => loadConfig({ TRASH_RETENTION_DAYS: value })).toThrow(ConfigError);
  });
});
