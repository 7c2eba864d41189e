// Employees family (SPEC §3, §5, §7): list filters and stats shape.
import { z } from 'zod';
import { checkRange } from './content-filters.ts';
import { EMPLOYEE_STATUSES } from './enums.ts';
import { booleanQuery, dateQuery, limitSchema, offsetSchema, searchSchema } from './list-filters.ts';
import { MSG } from './messages.ts';

export const EMPLOYEE_GENDERS = ['Masculino', 'Femenino', 'Otro'] as const;
export const EMPLOYEE_MESSAGES = { notFound: 'Employee not found' } as const;

export const EmployeeListQuery = z
  .object({
    limit: limitSchema(),
    offset: offsetSchema,
    employee_status: z.enum(EMPLOYEE_STATUSES, { error: MSG.invalidEmployeeStatus }).optional(),
    employee_gender: z.enum(EMPLOYEE_GENDERS).optional(),
    employee_visible: booleanQuery.optional(),
    employee_is_owner: booleanQuery.optional(),
    /** true: has at least one document; false: has none. Same for employee_services. */
    employee_documents: booleanQuery.optional(),
    employee_services: booleanQuery.optional(),
    start_date_from: dateQuery.optional(),
    start_date_to: dateQuery.optional(),
    search: searchSchema.optional(),
  })
  .superRefine((q, ctx) =>
    checkRange(ctx, 'start_date_from', q.start_date_from, q.start_date_to, MSG.startDateRange),
  );
export type EmployeeListQuery = z.infer<typeof EmployeeListQuery>;

export interface EmployeeStats {
  total_employees: number;
  active_employees: number;
  inactive_employees: number;
  visible_employees: number;
  hidden_employees: number;
  owner_employees: number;
  with_documents: number;
  with_services: number;
  /** Start date to departure date (or today) in days, averaged over employees with a start date. */
  average_employee_tenure_days: number;
  employees_by_status: Record<string, number>;
  /** Unknown gender counts under 'Sin especificar'. */
  employees_by_gender: Record<string, number>;
}
