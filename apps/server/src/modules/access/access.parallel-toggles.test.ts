// 40 toggles of one access record at once: each is applied whole, one after another, so the record
// ends as some order of them leaves it, and the change log and the staff audit hold one row for
// each change applied (none for a toggle that found the switch already there).
import { ACCESS_TYPES, type AccessType } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import { usePostgres } from '../../../test/test-db.ts';
import { auditDb } from '../staff-audit/record.ts';

const BASE = '/business-access/api/v1/business-access';
const PARALLEL = 40;
/** Switched by exactly one request each. */
const ONCE: AccessType[] = ['public_access', 'product_access', 'service_access', 'employee_access'];
/** Switched on and off by the other 36. */
const CONTESTED: AccessType[] = ['event_access', 'qr_access'];

// PostgreSQL only: the requests really run at once, on connections of their own.
describe.runIf(usePostgres())('40 parallel toggles of one access record', async () => {
  const t = await createTestApp();

  it('applies each whole: the record, its version, the change log and the audit agree', async () => {
    const admin = await createAdmin(t);
    const master = await masterHeaders(t);
    const registry = (await createBusiness(t)).business_registry_number;
    const created = await t.app.inject({
      method: 'POST',
      url: `/admin${BASE}/registry/${registry}/default`,
      headers: admin.headers,
    });
    expect(created.statusCode).toBe(201);
    const { access_id: accessId } = created.json().access_control;

    const toggles = Array.from({ length: PARALLEL }, (_, i) =>
      i < ONCE.length
        ? { access_type: ONCE[i]!, new_value: false }
        : { access_type: CONTESTED[i % 2]!, new_value: i % 4 < 2 },
    );
    const answers = await Promise.all(
      toggles.map((payload) =>
        t.app.inject({
          method: 'PATCH',
          url: `/master${BASE}/registry/${registry}/admin/${admin.admin.admin_id}`,
          headers: master,
          payload,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(200));

    const record = await t.db
      .selectFrom('access_controls')
      .selectAll()
      .where('access_id', '=', accessId)
      .executeTakeFirstOrThrow();
    const logs = await t.db
      .selectFrom('access_change_logs')
      .select(['access_type', 'old_value', 'new_value'])
      .where('access_id', '=', accessId)
      .orderBy('id')
      .execute();
    const audit = await auditDb(t.db)
      .selectFrom('staff_actions')
      .select('details')
      .where('action', '=', 'access_toggle')
      .where('target_registry', '=', registry)
      .orderBy('id')
      .execute();

    for (const type of ACCESS_TYPES) {
      const changes = logs.filter((log) => log.access_type === type);
      // The changes of one switch chain: each starts from where the one before left it.
      let value = true;
      for (const change of changes) {
        expect([type, change.old_value, change.new_value]).toEqual([type, value, !value]);
        value = change.new_value;
      }
      expect([type, record[type]]).toEqual([type, value]);
    }
    for (const type of ONCE) {
      expect([type, record[type], logs.filter((log) => log.access_type === type).length]).toEqual([
        type,
        false,
        1,
      ]);
    }
    for (const type of CONTESTED) {
      const requested = toggles
        .filter((toggle) => toggle.access_type === type)
        .map((toggle) => toggle.new_value);
      expect(requested).toContain(record[type]);
    }
    // One staff audit row per change applied, with the same change; the version moved once each.
    const audited = audit.map(({ details }) => ({
      access_type: details.access_type,
      old_value: details.old_value,
      new_value: details.new_value,
    }));
    expect(audited).toEqual(logs);
    expect(record.version).toBe(String(1 + logs.length));
  });
});
