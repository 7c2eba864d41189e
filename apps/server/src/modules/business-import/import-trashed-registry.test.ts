// A row naming the registry number of a business in the trash: the preview and the job say the
// business is in the Papelera (not that no business has the number), and a restored business
// imports as any other.
import { describe, expect, it } from 'vitest';
import { createBusiness, staffApp } from '../../../test/helpers.ts';
import { csv, importCalls } from '../../../test/import-helpers.ts';
import { runNextJob } from './import-job.ts';
import { IN_TRASH } from './row-checks.ts';

describe('import of a trashed business', async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);
  const asMaster = (method: 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers: master });

  it('says the business is in the Papelera in the preview, and updates it once restored', async () => {
    const business = await createBusiness(t, { business_name: 'Colmado En Papelera' });
    const registry = business.business_registry_number;
    expect((await asMaster('DELETE', `/master/business-deletion/${registry}`)).statusCode).toBe(200);

    const file = csv([
      ['Número de registro', 'Nombre'],
      [registry, 'Colmado Renombrado'],
      ['REG999998', 'Sin Negocio'],
    ]);
    const id = (await calls.upload('papelera.csv', file)).json().import.import_id;
    const preview = (await calls.preview(id)).json();
    expect(preview.rows).toEqual([
      expect.objectContaining({
        row: 2,
        action: 'error',
        errors: [{ field: 'business_registry_number', message: IN_TRASH }],
      }),
      expect.objectContaining({
        row: 3,
        action: 'error',
        errors: [
          { field: 'business_registry_number', message: 'No existe un negocio con este número de registro.' },
        ],
      }),
    ]);
    const restoreUrl = `/master/business-trash/api/v1/business-trash/registry/${registry}/restore`;
    // Restored, the business updates as any other.
    expect((await asMaster('POST', restoreUrl)).statusCode).toBe(200);
    const again = (await calls.upload('restaurado.csv', file)).json().import.import_id;
    const rows = (await calls.preview(again)).json().rows;
    expect(rows[0]).toMatchObject({ row: 2, action: 'update', business_registry_number: registry });
  });

  it('records the row as in the Papelera when the business is deleted between preview and job', async () => {
    const business = await createBusiness(t, { business_name: 'Colmado Borrado Luego' });
    const registry = business.business_registry_number;
    const file = csv([
      ['Número de registro', 'Nombre'],
      [registry, 'Colmado Otro Nombre'],
    ]);
    const id = (await calls.upload('luego.csv', file)).json().import.import_id;
    expect((await calls.preview(id)).json().import.summary).toMatchObject({ update: 1 });
    expect((await calls.commit(id)).statusCode).toBe(202);
    expect((await asMaster('DELETE', `/master/business-deletion/${registry}`)).statusCode).toBe(200);
    await runNextJob({ db: t.db });
    const results = await calls.results(id);
    expect(results.statusCode).toBe(200);
    expect(results.body).toContain(
      `"2","Error","${registry}","Colmado Otro Nombre","Número de registro: ${IN_TRASH}"`,
    );
  });
});
