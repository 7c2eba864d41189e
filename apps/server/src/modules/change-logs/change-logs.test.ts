import { MSG } from '@portal/contract/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, staffApp } from '../../../test/helpers.ts';

const BASE = '/business-change-logs/api/v1/business-change-logs';
const REG = 'REG900001';
const HOUR = 3_600_000;

describe('change logs', async () => {
  const { t, admin, master } = await staffApp();
  const now = Date.now();

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    // A history of 25 rows: 1 INSERT 3 days ago, 23 UPDATEs one hour apart going back from
    // now, and 1 DELETE row of another business (must not show).
    const rows = [
      {
        operation_type: 'INSERT',
        changed_column: null,
        new_value: 'Colmado Ruiz',
        changed_by: 'Sistema',
        changed_at: new Date(now - 72 * HOUR),
      },
      ...Array.from({ length: 23 }, (_, i) => ({
        operation_type: 'UPDATE',
        changed_column: i % 2 === 0 ? 'business_phone' : 'business_name',
        new_value: `valor ${i}`,
        changed_by: i < 3 ? 'ana@portal.test' : 'Master',
        changed_at: new Date(now - i * HOUR - 60_000),
      })),
    ];
    await t.db
      .insertInto('business_change_logs')
      .values(rows.map((row) => ({ ...row, business_id: 1, business_registry_number: REG })))
      .execute();
    await t.db
      .insertInto('business_change_logs')
      .values({ business_id: 2, business_registry_number: 'REG900002', operation_type: 'DELETE' })
      .execute();
  });

  it('pages the history newest first with total_count, has_more and stats', async () => {
    const res = await get(`/admin${BASE}/registry/${REG}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_count).toBe(24);
    expect(body.change_logs).toHaveLength(20);
    expect(body.has_more).toBe(true);
    expect(body.change_logs[0]).toMatchObject({
      business_registry_number: REG,
      operation_type: 'UPDATE',
      changed_column: 'business_phone',
      new_value: 'valor 0',
      changed_by: 'ana@portal.test',
    });
    expect(body.stats).toEqual({
      total_logs: 24,
      update_operations: 23,
      insert_operations: 1,
      delete_operations: 0,
      recent_changes: 23,
    });
    const last = (await get(`/master${BASE}/registry/${REG.toLowerCase()}?offset=20`, master)).json();
    expect(last.change_logs).toHaveLength(4);
    expect(last.has_more).toBe(false);
    expect(last.change_logs[3].operation_type).toBe('INSERT');
    expect(Object.keys(last.change_logs[0])).not.toContain('total_logs');
    // Past the end: no rows, and still the totals.
    const past = (await get(`/admin${BASE}/registry/${REG}?offset=40`, admin)).json();
    expect(past).toMatchObject({ change_logs: [], total_count: 24, has_more: false });
    expect(past.stats.total_logs).toBe(24);
  });

  it('filters by operation, column, author and dates', async () => {
    const total = async (query: string) =>
      (await get(`/admin${BASE}/registry/${REG}?${query}`, admin)).json().total_count;
    expect(await total('operation_type=INSERT')).toBe(1);
    expect(await total('operation_type=update')).toBe(23);
    expect(await total('changed_column=business_phone')).toBe(12);
    expect(await total('changed_by=ANA@portal')).toBe(3);
    expect(await total('changed_column=business_name&changed_by=Master')).toBe(10);
    const since = new Date(now - 2.5 * HOUR).toISOString();
    expect(await total(`date_from=${since}`)).toBe(3);
    const until = new Date(now - 48 * HOUR).toISOString();
    expect(await total(`date_to=${until}`)).toBe(1);
  });

  it('answers SPEC §5 messages for bad filters', async () => {
    const error = async (query: string) => {
      const res = await get(`/admin${BASE}/registry/${REG}?${query}`, admin);
      expect(res.statusCode).toBe(400);
      return res.json().error;
    };
    expect(await error('operation_type=MERGE')).toBe('Operation type must be INSERT, UPDATE or DELETE');
    expect(await error('limit=5000')).toBe('Limit must be between 1 and 1000');
    expect(await error('offset=-5')).toBe('Offset must be non-negative');
    expect(await error('date_from=2026-02-02&date_to=2026-02-01')).toBe('Date from must be before date to');
  });

  it('gives the stats alone, and empty figures for an unknown registry', async () => {
    const stats = (await get(`/admin${BASE}/registry/${REG}/stats`, admin)).json().stats;
    expect(stats.total_logs).toBe(24);
    const none = (await get(`/admin${BASE}/registry/REG123456`, admin)).json();
    expect(none).toMatchObject({ success: true, change_logs: [], total_count: 0, has_more: false });
  });

  it('checks the caller', async () => {
    expect((await get(`/admin${BASE}/registry/${REG}`, {})).statusCode).toBe(401);
    const denied = await get(`/master${BASE}/registry/${REG}`, admin);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(MSG.onlyMaster);
    expect((await get(`/admin${BASE}/health`, admin)).json().service).toBe('business-change-logs');
  });

  it('exports the history as CSV named after the registry and the date', async () => {
    const res = await get(`/admin${BASE}/registry/${REG}/export?operation_type=UPDATE`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="historial_${REG}_\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"ID","Operación","Campo","Valor Anterior","Nuevo Valor","Usuario","Fecha y Hora","IP","Navegador","Agente de Usuario"',
    );
    expect(lines).toHaveLength(25);
    expect(lines[1]).toContain('"Actualizado","Teléfono","","valor 0","ana@portal.test"');
  });

  it("writes the CSV in the modal's words: operations, field labels, Sí/No, Sistema, the browser", async () => {
    const agent =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
    const other = 'REG900003';
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    await t.db
      .insertInto('business_change_logs')
      .values(
        [
          { operation_type: 'INSERT', new_value: 'Peñuelas', changed_by: '', changed_at: at(3) },
          {
            operation_type: 'UPDATE',
            changed_column: 'business_address',
            old_value: 'Calle Loíza 1503',
            new_value: 'Calle Mayagüez 7',
            changed_by: 'ana@portal.test',
            changed_at: at(2),
            ip_address: '10.0.0.7',
            user_agent: agent,
          },
          {
            operation_type: 'UPDATE',
            changed_column: 'verified_email',
            old_value: 'false',
            new_value: 'true',
            changed_by: 'Master',
            changed_at: at(1),
          },
          { operation_type: 'DELETE', changed_by: 'Master', changed_at: at(0) },
        ].map((row) => ({ ...row, business_id: 3, business_registry_number: other })),
      )
      .execute();
    const res = await get(`/master${BASE}/registry/${other}/export`, master);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF"ID","Operación","Campo"')).toBe(true);
    // Without the log id, newest first.
    const rows = res.body
      .slice(1)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.replace(/^"\d+",/, ''));
    const iso = '"\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z"';
    const expected = [
      `"Eliminado","","","","Master",${iso},"","",""`,
      `"Actualizado","Email verificado","No","Sí","Master",${iso},"","",""`,
      `"Actualizado","Dirección","Calle Loíza 1503","Calle Mayagüez 7","ana@portal.test",${iso},"10.0.0.7","Chrome en Windows","${agent}"`,
      `"Creado","","","Peñuelas","Sistema",${iso},"","",""`,
    ];
    expect(rows).toHaveLength(expected.length);
    for (const [i, row] of rows.entries()) {
      expect(row).toMatch(new RegExp(`^${expected[i]?.replace(/[()]/g, '\\$&')}$`));
    }
  });
});
