// GET /{admin|master}/business-data/api/v1/business-data/... (SPEC §7 "Business data").
import {
  BusinessEmailParams,
  BusinessExportQuery,
  BusinessIdParams,
  BusinessListQuery,
  BusinessPhoneParams,
} from '@portal/contract/business-data';
import { exportFileName } from '@portal/contract/exports';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../auth/guard.ts';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { sendExport } from '../../http/csv-stream.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { forbidden } from '../../http/http-error.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as service from './business-data.service.ts';

const staff = { access: 'staff' } as const;

export function businessDataRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    familyHealth(app, 'business-data');

    r.get(
      '/',
      {
        config: staff,
        schema: {
          summary: 'Search the business directory',
          querystring: BusinessListQuery,
          response: { 200: R.BusinessListResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.listDirectory(ctx.db, request.query)),
      }),
    );

    r.get(
      '/export',
      {
        config: staff,
        schema: {
          summary:
            'The directory search as CSV or XLSX (up to 10,000 rows; every match with all=true, master only)',
          querystring: BusinessExportQuery,
        },
      },
      async (request, reply) => {
        const query = request.query;
        if (query.all && callerOf(request).loginType !== 'master') throw forbidden(MSG.exportAllMasterOnly);
        // An export writes nothing else: its audit row is the only trace of who took the data.
        return sendExport(reply, {
          fileName: exportFileName(['negocios'], query.format),
          format: query.format,
          total: await service.directoryExportTotal(ctx.db, query),
          chunks:
            query.format === 'xlsx'
              ? service.directoryXlsx(ctx.handle, query)
              : service.directoryCsv(ctx.handle, query),
          beforeSend: () =>
            recordStaffAction(ctx.db, actorOf(request), 'export_directory', { kind: 'directory' }, query),
        });
      },
    );

    r.get(
      '/stats',
      {
        config: staff,
        schema: { summary: 'Directory statistics', response: { 200: R.BusinessStatsResponse } },
      },
      async () => ({
        success: true,
        stats: await service.directoryStats(ctx.db),
      }),
    );

    r.get(
      '/categories',
      {
        config: staff,
        schema: { summary: 'Categories in use', response: { 200: R.BusinessCategoriesResponse } },
      },
      async () => ({
        success: true,
        categories: await service.categoriesInUse(ctx.db),
      }),
    );

    r.get(
      '/email/:email',
      {
        config: staff,
        schema: {
          summary: 'A business by email',
          params: BusinessEmailParams,
          response: { 200: R.BusinessResponse },
        },
      },
      async (request) => ({
        success: true,
        business: await service.findBusiness(ctx.db, 'email', request.params.email),
      }),
    );

    r.get(
      '/phone/:phone',
      {
        config: staff,
        schema: {
          summary: 'A business by phone',
          params: BusinessPhoneParams,
          response: { 200: R.BusinessResponse },
        },
      },
      async (request) => ({
        success: true,
        business: await service.findBusiness(ctx.db, 'phone', request.params.phone),
      }),
    );

    r.get(
      '/registry/:registry',
      {
        config: staff,
        schema: {
          summary: 'A business by registry number',
          params: RegistryParams,
          response: { 200: R.BusinessResponse },
        },
      },
      async (request) => ({
        success: true,
        business: await service.findBusiness(ctx.db, 'registry', request.params.registry),
      }),
    );

    r.get(
      '/:id',
      {
        config: staff,
        schema: {
          summary: 'A business by id',
          params: BusinessIdParams,
          response: { 200: R.BusinessResponse },
        },
      },
      async (request) => ({
        success: true,
        business: await service.findBusiness(ctx.db, 'id', request.params.id),
      }),
    );
  };
}

/** SPEC §7 also names `business-data/health` directly under the role prefix. */
export async function businessDataHealthRoute(app: FastifyInstance) {
  familyHealth(app, 'business-data');
}
