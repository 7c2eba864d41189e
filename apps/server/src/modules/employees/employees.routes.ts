// /admin|master/business-employees/api/v1/business-employees (SPEC §7 "Employees").
import { EmployeeListQuery } from '@portal/contract/employees';
import { idParams } from '@portal/contract/ids';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import { contentFamilyRoutes, itemRoute } from '../content-common/content-routes.ts';
import * as employees from './employees.service.ts';

export const employeeRoutes = contentFamilyRoutes({
  family: 'business-employees',
  noun: ['employee', 'employees'],
  list: { query: EmployeeListQuery, response: R.EmployeeListResponse, load: employees.listEmployees },
  stats: { response: R.EmployeeStatsResponse, load: (db, registry) => employees.employeeStats(db, registry) },
  valueCounts: [{ path: 'statuses', summary: 'Employee statuses', load: employees.employeeStatuses }],
  items: [
    itemRoute({
      path: '/employee/:id',
      params: idParams(MSG.employeeIdRequired),
      response: R.EmployeeResponse,
      load: (db, { id }) => employees.getEmployee(db, id),
    }),
  ],
});
