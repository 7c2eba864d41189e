// The audit file's 'Detalles' write a date as the 'Auditoría' screen does (DESIGN §9: es-PR, 12 h
// with 'a. m.' / 'p. m.'), in Puerto Rico's time (UTC-4): not the ISO text the server stored.
import { STAFF_AUDIT_PATH } from '@portal/contract/staff-audit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { readCsv } from '../../../test/csv-reader.ts';
import { createTestApp, masterHeaders } from '../../../test/helpers.ts';
import { restoreFromTrash, sendToTrash } from '../../../test/payment-webhooks.ts';

/** Intl writes 'a. m.' with no-break spaces: compared as plain spaces. */
const plainSpaces = (text: string | undefined) => text?.replace(/\s/g, ' ');

describe('the audit export', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);

  const detailsOf = async (action: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${STAFF_AUDIT_PATH}/export?action=${action}`,
      headers: master,
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = readCsv(res.body);
    const column = header!.indexOf('Detalles');
    return rows.map((row) => plainSpaces(row[column]));
  };

  it("writes a restored business's deletion time in es-PR words, in Puerto Rico's time", async () => {
    const { business_registry_number: registry } = await insertBusiness(t, {
      business_name: 'Panadería Sol',
    });
    await sendToTrash(t, master, registry);
    await sql`update business_trash set deleted_at = '2026-11-29T04:17:37.074Z'
               where business_registry_number = ${registry}`.execute(t.db);
    expect((await restoreFromTrash(t, master, registry)).statusCode).toBe(200);

    expect(await detailsOf('business_restore')).toEqual([
      'Negocio: Panadería Sol; Eliminado el: 29 nov 2026, 12:17 a. m.',
    ]);
  });

  it("writes an export's filter days as days", async () => {
    const history = '/master/business-change-logs/api/v1/business-change-logs/registry/REG000001/export';
    const res = await t.app.inject({
      method: 'GET',
      url: `${history}?date_from=2026-05-01&date_to=2026-05-31`,
      headers: master,
    });
    expect(res.statusCode).toBe(200);
    const [details] = await detailsOf('export_history');
    expect(details).toContain('Fecha desde: 1 may 2026; Fecha hasta: 31 may 2026');
  });
});
