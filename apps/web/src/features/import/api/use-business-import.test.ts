import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { importRecord } from '../test-import-record.ts';
import { importRefetchInterval } from './use-business-import.ts';

const record = (
  status: ImportRecord['status'],
  mails: Partial<NonNullable<ImportRecord['owner_access']>> | null = null,
): ImportRecord =>
  importRecord({
    status,
    send_owner_access: mails !== null,
    owner_access: mails && { sent: 0, pending: 0, in_trash: 0, failed: 0, cancelled: 0, ...mails },
  });

describe('how often the import is read again', () => {
  it('every second while the job runs', () => {
    expect(importRefetchInterval(record('queued'), 0)).toBe(1000);
    expect(importRefetchInterval(record('running', { pending: 3 }), 100)).toBe(1000);
  });

  it('every 3 s while mails are pending, then every 30 s', () => {
    expect(importRefetchInterval(record('done', { pending: 1, in_trash: 1 }), 0)).toBe(3000);
    expect(importRefetchInterval(record('done', { pending: 1 }), 39)).toBe(3000);
    expect(importRefetchInterval(record('done', { pending: 1 }), 40)).toBe(30_000);
  });

  it('every 30 s while a mail waits for its business to leave the trash', () => {
    expect(importRefetchInterval(record('done', { in_trash: 1, sent: 2 }), 0)).toBe(30_000);
    expect(importRefetchInterval(record('done', { in_trash: 1 }), 500)).toBe(30_000);
  });

  it('not at all once nothing waits', () => {
    expect(importRefetchInterval(record('done', { sent: 2, failed: 1, cancelled: 1 }), 0)).toBe(false);
    expect(importRefetchInterval(record('done'), 0)).toBe(false);
    expect(importRefetchInterval(record('failed'), 0)).toBe(false);
    expect(importRefetchInterval(record('cancelled'), 0)).toBe(false);
    expect(importRefetchInterval(undefined, 0)).toBe(false);
  });
});
