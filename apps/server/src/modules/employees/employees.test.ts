import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson, refusedGet } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';
import { employeeStatsOf } from './employees.service.ts';

const BASE = '/business-employees/api/v1/business-employees';

describe('employees family', async () => {
  const { t, admin, master, registry, business, listOf, expectServedToStaff, insertRows } =
    await contentFamily(BASE);
  let anaId: number;

  beforeAll(async () => {
    const rows = await insertRows('employees', [
      {
        employee_first_name: 'Ana',
        employee_last_name: 'López',
        employee_gender: 'Femenino',
        employee_start_date: '2026-01-01',
        employee_status: 'Active',
        employee_is_owner: true,
        employee_documents: JSON.stringify(['id.pdf']),
        employee_services: JSON.stringify(['corte']),
      },
      {
        employee_first_name: 'Luis',
        employee_last_name: 'Ortiz',
        employee_gender: 'Masculino',
        employee_start_date: '2025-06-15',
        employee_departure_date: '2025-12-15',
        employee_status: 'Terminated',
        employee_visible: false,
      },
      {
        employee_first_name: 'Marta',
        employee_last_name: 'Ruiz',
        employee_start_date: '2026-06-05',
        employee_status: 'On Leave',
        employee_services: JSON.stringify(['uñas']),
      },
      {
        employee_first_name: 'Pedro',
        employee_last_name: 'Díaz',
        employee_gender: 'Masculino',
        employee_status: 'Inactive',
        employee_visible: false,
        employee_email: 'pedro@correo.test',
      },
    ]);
    anaId = rows[0].employee_id;
  });

  const list = listOf('employees', 'employee_first_name');

  it('is served to admin and master, refused without a session or to an admin under /master', async () => {
    await expectServedToStaff(4);
  });

  it('applies every SPEC §7 filter', async () => {
    expect(await list({})).toEqual(['Pedro', 'Ana', 'Luis', 'Marta']); // by last name
    expect(await list({ employee_status: 'Active' })).toEqual(['Ana']);
    expect(await list({ employee_gender: 'Masculino' })).toEqual(['Pedro', 'Luis']);
    expect(await list({ employee_visible: 'false' })).toEqual(['Pedro', 'Luis']);
    expect(await list({ employee_is_owner: 'true' })).toEqual(['Ana']);
    expect(await list({ employee_documents: 'false' })).toEqual(['Pedro', 'Luis', 'Marta']);
    expect(await list({ employee_services: 'true' })).toEqual(['Ana', 'Marta']);
    expect(await list({ start_date_from: '2026-01-01' })).toEqual(['Ana', 'Marta']);
    expect(await list({ start_date_to: '2025-12-31' })).toEqual(['Luis']);
    expect(await list({ search: 'lopez' })).toEqual(['Ana']);
    expect(await list({ search: 'PEDRO@' })).toEqual(['Pedro']);
  });

  it('answers SPEC §5 messages word for word', async () => {
    const url = `/admin${BASE}/registry/${registry}`;
    const refused = refusedGet(t, admin, url);
    await refused({ employee_status: 'Fired' }, 'Invalid employee status');
    await refused(
      { start_date_from: '2026-02-01', start_date_to: '2026-01-01' },
      'Start date from must be before start date to',
    );
    await refused({ employee_visible: 'maybe' }, 'Invalid request data');
    expectError(await getJson(t, `/admin${BASE}/employee/%20`, admin), 400, 'Employee ID is required');
  });

  it('computes stats from the hand-made data, tenure as of a fixed date', async () => {
    const stats = await employeeStatsOf(t.db, business.id, '2026-06-15');
    expect(stats).toEqual({
      total_employees: 4,
      active_employees: 1,
      inactive_employees: 3,
      visible_employees: 2,
      hidden_employees: 2,
      owner_employees: 1,
      with_documents: 1,
      with_services: 2,
      // Ana 2026-01-01..2026-06-15 = 165, Luis 2025-06-15..2025-12-15 = 183, Marta 2026-06-05..06-15 = 10
      average_employee_tenure_days: 119.33,
      employees_by_status: { Active: 1, Inactive: 1, Terminated: 1, 'On Leave': 1 },
      employees_by_gender: { Masculino: 2, Femenino: 1, Otro: 0, 'Sin especificar': 1 },
    });
    const res = await getJson(t, `/master${BASE}/registry/${registry}/stats`, master);
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toMatchObject({ total_employees: 4, with_services: 2, owner_employees: 1 });
  });

  it('serves statuses, an employee by id, 404s and health', async () => {
    const statuses = await getJson(t, `/admin${BASE}/registry/${registry}/statuses`, admin);
    expect(statuses.json().statuses).toEqual([
      { value: 'Active', count: 1 },
      { value: 'Inactive', count: 1 },
      { value: 'Terminated', count: 1 },
      { value: 'On Leave', count: 1 },
    ]);
    expect((await getJson(t, `/admin${BASE}/statuses`, admin)).statusCode).toBe(200);
    const ana = await getJson(t, `/admin${BASE}/employee/${anaId}`, admin);
    expect(ana.json().employee).toMatchObject({
      employee_last_name: 'López',
      employee_documents: ['id.pdf'],
      employee_start_date: '2026-01-01',
    });
    expectError(await getJson(t, `/admin${BASE}/employee/999999`, admin), 404, 'Employee not found');
    expect((await getJson(t, `/admin${BASE}/health`, admin)).json()).toMatchObject({
      service: 'business-employees',
    });
  });
});
