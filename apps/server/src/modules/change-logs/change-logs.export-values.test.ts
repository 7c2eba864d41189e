// The history's CSV and XLSX write each logged value in the words the history screen shows
// (DESIGN §9: Spanish headers and values): statuses, plans, booleans, phones; a logged moment as
// every export writes a date (ISO 8601, UTC).
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../test/csv-reader.ts';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  postStripe,
  STRIPE_SECRET,
  stripeEvent,
  stripeSubscription,
} from '../../../test/payment-webhooks.ts';

const BASE = '/admin/business-change-logs/api/v1/business-change-logs/registry';

/** The sheet's rows as text: a date cell as ISO 8601, as the CSV writes it. */
async function sheetRows(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column++) {
      const value = row.getCell(column).value;
      cells.push(value instanceof Date ? value.toISOString() : value === null ? '' : String(value));
    }
    rows.push(cells);
  });
  return rows;
}

describe('the history export', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;

  it("writes Stripe's statuses and plans, booleans, phones and moments as the history screen reads them", async () => {
    const business = await createBusiness(t, { business_phone: '7875550102' });
    const registry = business.business_registry_number;
    const now = Math.floor(Date.now() / 1000);
    const created = stripeSubscription('sub_history_words', {
      registry,
      tier: 'standard',
      status: 'incomplete',
    });
    const updated = stripeSubscription('sub_history_words', { registry, tier: 'premium', status: 'active' });
    expect(
      (await postStripe(t, stripeEvent('customer.subscription.created', created, now - 60))).statusCode,
    ).toBe(200);
    expect((await postStripe(t, stripeEvent('customer.subscription.updated', updated, now))).statusCode).toBe(
      200,
    );
    await sql`update businesses
                 set business_phone = '9392041671',
                     registration_date = '2026-05-01T12:00:00.5Z'
               where id = ${business.id}`.execute(t.db);

    const csv = await t.app.inject({ method: 'GET', url: `${BASE}/${registry}/export`, headers: admin });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = readCsv(csv.body);
    expect(header?.slice(1, 5)).toEqual(['Operación', 'Campo', 'Valor Anterior', 'Nuevo Valor']);
    const valuesOf = (table: string[][]) =>
      table.map((row) => row.slice(1, 5)).filter(([, field]) => field !== '' && field !== 'Nombre');
    const expected = [
      ['Actualizado', 'Teléfono', '(787) 555-0102', '(939) 204-1671'],
      [
        'Actualizado',
        'Fecha de registro',
        new Date(business.registration_date).toISOString(),
        '2026-05-01T12:00:00.500Z',
      ],
      ['Actualizado', 'Plan de suscripción', 'Standard', 'Premium'],
      ['Actualizado', 'Estado de suscripción', 'Incompleta', 'Activa'],
      ['Creado', 'Proveedor de pago', '', 'Stripe'],
      ['Creado', 'Plan de suscripción', '', 'Standard'],
      ['Creado', 'Estado de suscripción', '', 'Incompleta'],
      ['Actualizado', 'Renovación automática', 'No', 'Sí'],
      ['Creado', 'Renovación automática', '', 'No'],
    ];
    expect(new Set(valuesOf(rows).map((row) => row.join(' | ')))).toEqual(
      new Set(expected.map((row) => row.join(' | '))),
    );

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${registry}/export?format=xlsx`,
      headers: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    const [, ...sheet] = await sheetRows(xlsx.rawPayload);
    expect(valuesOf(sheet)).toEqual(valuesOf(rows));
  });
});
