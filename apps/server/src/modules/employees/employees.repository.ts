import type { EmployeeListQuery, EmployeeStats } from '@portal/contract/employees';
import { Employee } from '@portal/contract/responses';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';
import { matchesSearch, pagedList } from '../content-common/list-query.ts';
import { valueCounts } from '../content-common/stats.ts';

const COLUMNS = recordColumns('employees', Employee);

const hasItems = (column: 'employee_documents' | 'employee_services', wanted: boolean) =>
  wanted
    ? sql<SqlBool>`jsonb_array_length(${sql.ref(column)}) > 0`
    : sql<SqlBool>`jsonb_array_length(${sql.ref(column)}) = 0`;

export function listEmployees(db: Kysely<Database>, businessId: number, q: EmployeeListQuery) {
  const where = (eb: ExpressionBuilder<Database, 'employees'>) => {
    const conditions: Expression<SqlBool>[] = [eb('business_id', '=', businessId)];
    if (q.employee_status) conditions.push(eb('employee_status', '=', q.employee_status));
    if (q.employee_gender) conditions.push(eb('employee_gender', '=', q.employee_gender));
    if (q.employee_visible !== undefined) conditions.push(eb('employee_visible', '=', q.employee_visible));
    if (q.employee_is_owner !== undefined) conditions.push(eb('employee_is_owner', '=', q.employee_is_owner));
    if (q.employee_documents !== undefined)
      conditions.push(hasItems('employee_documents', q.employee_documents));
    if (q.employee_services !== undefined)
      conditions.push(hasItems('employee_services', q.employee_services));
    if (q.start_date_from) conditions.push(sql<SqlBool>`employee_start_date >= ${q.start_date_from}::date`);
    if (q.start_date_to) conditions.push(sql<SqlBool>`employee_start_date <= ${q.start_date_to}::date`);
    if (q.search) {
      conditions.push(
        matchesSearch(
          ['employee_first_name', 'employee_last_name', 'employee_email', 'employee_phone'],
          q.search,
        ),
      );
    }
    return eb.and(conditions);
  };
  const query = db
    .selectFrom('employees')
    .select(COLUMNS)
    .where(where)
    .orderBy('employee_last_name')
    .orderBy('employee_first_name')
    .orderBy('employee_id');
  return pagedList(query, q.limit, q.offset);
}

export function findEmployee(db: Kysely<Database>, id: number) {
  return db.selectFrom('employees').select(COLUMNS).where('employee_id', '=', id).executeTakeFirst();
}

/** Totals as of `today` (YYYY-MM-DD): tenure runs to the departure date, else to today. */
export async function employeeTotals(db: Kysely<Database>, businessId: number, today: string) {
  const { rows } = await sql<Omit<EmployeeStats, 'employees_by_status' | 'employees_by_gender'>>`
    select count(*) as total_employees,
           count(*) filter (where employee_status = 'Active') as active_employees,
           count(*) filter (where employee_status <> 'Active') as inactive_employees,
           count(*) filter (where employee_visible) as visible_employees,
           count(*) filter (where not employee_visible) as hidden_employees,
           count(*) filter (where employee_is_owner) as owner_employees,
           count(*) filter (where jsonb_array_length(employee_documents) > 0) as with_documents,
           count(*) filter (where jsonb_array_length(employee_services) > 0) as with_services,
           coalesce(round(avg(greatest(
             coalesce(employee_departure_date, ${today}::date) - employee_start_date, 0))
             filter (where employee_start_date is not null), 2), 0)
             as average_employee_tenure_days
      from employees
     where business_id = ${businessId}`.execute(db);
  return rows[0];
}

/** Employees per status or gender, for one business or (businessId null) all of them. */
export const employeeCounts = (
  db: Kysely<Database>,
  column: 'employee_status' | 'employee_gender',
  businessId: number | null,
) => valueCounts(db, 'employees', column, businessId, 'Sin especificar');
