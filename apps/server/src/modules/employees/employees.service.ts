// Employees: list, stats and lookups of one business's staff (SPEC §7).
import {
  EMPLOYEE_GENDERS,
  EMPLOYEE_MESSAGES,
  type EmployeeListQuery,
  type EmployeeStats,
} from '@portal/contract/employees';
import { EMPLOYEE_STATUSES } from '@portal/contract/enums';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { businessIdOrAll, businessList, found } from '../content-common/business-lookup.ts';
import { countsBy, todayInPuertoRico, valueCountList } from '../content-common/stats.ts';
import * as repo from './employees.repository.ts';

export const listEmployees = (db: Kysely<Database>, registry: string, query: EmployeeListQuery) =>
  businessList(db, registry, 'employees', (id) => repo.listEmployees(db, id, query));

/** The stats of a business already looked up (also the business page's content stats). */
export async function employeeStatsOf(
  db: Kysely<Database>,
  businessId: number,
  today: string = todayInPuertoRico(),
): Promise<EmployeeStats> {
  const totals = await repo.employeeTotals(db, businessId, today);
  const byStatus = await repo.employeeCounts(db, 'employee_status', businessId);
  const byGender = await repo.employeeCounts(db, 'employee_gender', businessId);
  return {
    ...totals,
    employees_by_status: countsBy(byStatus, EMPLOYEE_STATUSES),
    employees_by_gender: countsBy(byGender, EMPLOYEE_GENDERS),
  };
}

export async function employeeStatuses(db: Kysely<Database>, registry: string | null) {
  const rows = await repo.employeeCounts(db, 'employee_status', await businessIdOrAll(db, registry));
  return valueCountList(rows, EMPLOYEE_STATUSES);
}

export async function getEmployee(db: Kysely<Database>, id: number) {
  return found(await repo.findEmployee(db, id), EMPLOYEE_MESSAGES.notFound);
}
