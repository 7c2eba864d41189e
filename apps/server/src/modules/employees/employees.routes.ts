// /admin|master/business-employees/api/v1/business-employees (SPEC §7 "Employees").
import { EmployeeListQuery } from '@portal/contract/employees';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import { contentFamilyRoutes } from '../content-common/content-routes.ts';
import * as employees from './employees.service.ts';

export const employeeRoutes = contentFamilyRoutes(['employee', 'employees'], {
  list: { query: EmployeeListQuery, response: R.EmployeeListResponse, load: employees.listEmployees },
  stats: { response: R.EmployeeStatsResponse, of: employees.employeeStatsOf },
  valueCounts: { statuses: employees.employeeStatuses },
  byId: { message: MSG.employeeIdRequired, response: R.EmployeeResponse, load: employees.getEmployee },
});
