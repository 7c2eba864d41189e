// /admin|master/business-employees/api/v1/business-employees (SPEC §7 "Employees").
import { EmployeeListQuery } from '@portal/contract/employees';
import { idParams } from '@portal/contract/ids';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as employees from './employees.service.ts';

const access = { access: 'staff' } as const;

export const employeeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-employees');
  const params = { params: RegistryParams };

  r.get(
    '/registry/:registry',
    {
      config: access,
      schema: {
        summary: "A business's employees",
        ...params,
        querystring: EmployeeListQuery,
        response: { 200: R.EmployeeListResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await employees.listEmployees(ctx.db, request.params.registry, request.query)),
    }),
  );

  r.get(
    '/registry/:registry/stats',
    {
      config: access,
      schema: {
        summary: 'Employee statistics of a business',
        ...params,
        response: { 200: R.EmployeeStatsResponse },
      },
    },
    async (request) => ({
      success: true,
      stats: await employees.employeeStats(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/statuses',
    {
      config: access,
      schema: {
        summary: 'Employee statuses of a business with counts',
        ...params,
        response: { 200: R.StatusesResponse },
      },
    },
    async (request) => ({
      success: true,
      statuses: await employees.employeeStatuses(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/statuses',
    {
      config: access,
      schema: { summary: 'Employee statuses with counts', response: { 200: R.StatusesResponse } },
    },
    async () => ({
      success: true,
      statuses: await employees.employeeStatuses(ctx.db, null),
    }),
  );

  r.get(
    '/employee/:id',
    {
      config: access,
      schema: {
        summary: 'An employee by id',
        params: idParams(MSG.employeeIdRequired),
        response: { 200: R.EmployeeResponse },
      },
    },
    async (request) => ({
      success: true,
      employee: await employees.getEmployee(ctx.db, request.params.id),
    }),
  );
};
