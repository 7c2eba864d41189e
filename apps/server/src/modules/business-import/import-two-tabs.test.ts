// The same import open in two tabs: 'Importar' starts the mapping whose preview its tab showed, or
// nothing (409) when the other tab previewed other columns since.
import { IMPORT_MSG } from '@portal/contract/business-import';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { staffApp } from '../../../test/helpers.ts';
import { csv, importCalls, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { runNextJob } from './import-job.ts';

const stamp = Date.now().toString(36);
const full = Object.fromEntries(SPEC_HEADERS.map((h) => [h, h]));

describe('an import open in two tabs', async () => {
  const { t, admin } = await staffApp();
  const calls = importCalls(t, admin);
  const category = async (email: string) =>
    (
      await t.db
        .selectFrom('businesses')
        .select('business_category')
        .where('business_email', '=', email)
        .executeTakeFirstOrThrow()
    ).business_category;

  it("refuses to start a preview's mapping once another tab previewed other columns, and changes nothing", async () => {
    const email = `pestanas.${stamp}@correo.test`;
    const file = csv([SPEC_HEADERS, ['Dos Pestañas', 'Ana Ruiz', email, '9395550101', 'Panaderías']]);
    const id = (await calls.upload('pestanas.csv', file)).json().import.import_id;
    // Tab A previews every column; tab B then previews without the category.
    expect((await calls.preview(id, { mapping: full })).statusCode).toBe(200);
    const withoutCategory = { ...full, business_category: null };
    expect((await calls.preview(id, { mapping: withoutCategory })).statusCode).toBe(200);

    expectError(await calls.commit(id, { mapping: full }), 409, IMPORT_MSG.previewChanged);
    const after = (await calls.get(id)).json().import;
    expect(after).toMatchObject({ status: 'previewed', mapping: withoutCategory });
    const audit = await t.db
      .selectFrom('staff_actions')
      .select('action')
      .where('action', '=', 'business_import')
      .where(sql<string>`details->>'import_id'`, '=', id)
      .execute();
    expect(audit).toEqual([]);

    // Tab A previews its columns again: its 'Importar' now starts them.
    expect((await calls.preview(id, { mapping: full })).statusCode).toBe(200);
    expect((await calls.commit(id, { mapping: full })).statusCode).toBe(202);
    expectError(await calls.commit(id, { mapping: full }), 409, IMPORT_MSG.alreadyCommitted);
    await runNextJob({ db: t.db });
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'done', summary: { create: 1 } });
    expect(await category(email)).toBe('Panaderías');
  });
});
