// The three CSV exports, each longer than one streamed chunk, through the real app. On PGlite an
// export's stream holds the one connection until it ends, so anything the route writes after the
// stream has started (the audit row) would wait for ever: these exports must finish, whole.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/business-factory.ts';
import { createTestApp, masterHeaders } from '../../test/helpers.ts';

const ROWS = 450; // more than two chunks of 200

describe('CSV exports longer than one chunk', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const business = await insertBusiness(t);
  await sql`
    insert into businesses (business_name, business_owner, business_email, business_phone,
                            business_address, business_category, business_year)
    select 'Negocio ' || i, 'Dueño ' || i, 'n' || i || '@export.test', '787' || lpad(i::text, 7, '0'),
           'Calle ' || i, 'Panaderías', 2001
      from generate_series(1, ${ROWS}) as i`.execute(t.db);
  await sql`
    do $$ begin
      for i in 1..${sql.lit(ROWS)} loop
        update businesses set business_owner = 'Dueña ' || i where id = ${sql.lit(business.id)};
      end loop;
    end $$`.execute(t.db);
  await sql`
    insert into staff_actions (action, actor_role, actor_identifier, target_kind)
    select 'export_directory', 'master', 'Master User', 'directory' from generate_series(1, ${ROWS})`.execute(
    t.db,
  );

  const lines = (body: string) => body.split('\r\n').filter((line) => line !== '').length;
  /** Excel reads 'Peñuelas' right only after the UTF-8 byte-order mark; then the Spanish header. */
  const expectBomAndHeader = (body: string, firstHeaders: string) =>
    expect(body.slice(0, 1 + firstHeaders.length)).toBe(`\uFEFF${firstHeaders}`);
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: master });

  it('exports the directory whole', async () => {
    const res = await get('/master/business-data/api/v1/business-data/export?year=2001');
    expect(res.statusCode).toBe(200);
    expectBomAndHeader(res.body, '"ID","Número de registro","Nombre","Propietario","Email","Teléfono"');
    expect(res.body).toContain('"Dueño 1","n1@export.test"');
    expect(lines(res.body)).toBe(ROWS + 1);
  });

  it('exports a business history whole', async () => {
    const registry = business.business_registry_number;
    const res = await get(
      `/master/business-change-logs/api/v1/business-change-logs/registry/${registry}/export`,
    );
    expect(res.statusCode).toBe(200);
    expectBomAndHeader(res.body, '"ID","Operación","Campo","Valor Anterior","Nuevo Valor","Usuario"');
    expect(res.body).toContain('"Actualizado","Propietario"');
    expect(lines(res.body)).toBeGreaterThan(ROWS); // the insert and every owner change
  });

  it('exports the staff audit whole, and records each export', async () => {
    const res = await get('/master/staff-audit/api/v1/staff-actions/export');
    expect(res.statusCode).toBe(200);
    expectBomAndHeader(res.body, '"ID","Fecha y Hora","Miembro del personal","Rol"');
    expect(res.body).toContain('"Master User","Maestro","","Exportación del directorio (CSV)","Directorio"');
    expect(lines(res.body)).toBeGreaterThan(ROWS);
    const recorded = await sql<{ action: string }>`
      select action from staff_actions where actor_identifier <> 'Master User' order by id`.execute(t.db);
    expect(recorded.rows.map((row) => row.action)).toEqual([
      'export_directory',
      'export_history',
      'export_audit',
    ]);
  });
});
