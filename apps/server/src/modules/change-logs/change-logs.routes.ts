// GET /{admin|master}/business-change-logs/api/v1/business-change-logs/... (SPEC §7 "Change logs").
import { ChangeLogExportQuery, ChangeLogListQuery } from '@portal/contract/change-logs';
import { exportFileName } from '@portal/contract/exports';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { sendExport } from '../../http/csv-stream.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as service from './change-logs.service.ts';

const staff = { access: 'staff' } as const;

export function changeLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    familyHealth(app, 'business-change-logs');

    r.get(
      '/registry/:registry',
      {
        config: staff,
        schema: {
          summary: "A page of a business's change history",
          params: RegistryParams,
          querystring: ChangeLogListQuery,
          response: { 200: R.ChangeLogPageResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.historyPage(ctx.db, request.params.registry, request.query)),
      }),
    );

    r.get(
      '/registry/:registry/stats',
      {
        config: staff,
        schema: {
          summary: 'Change history statistics of a business',
          params: RegistryParams,
          response: { 200: R.ChangeLogStatsResponse },
        },
      },
      async (request) => ({
        success: true,
        stats: await service.historyStats(ctx.db, request.params.registry),
      }),
    );

    r.get(
      '/registry/:registry/export',
      {
        config: staff,
        schema: {
          summary: "A business's change history as CSV or XLSX",
          params: RegistryParams,
          querystring: ChangeLogExportQuery,
        },
      },
      async (request, reply) => {
        const { registry } = request.params;
        const { format, ...filters } = request.query;
        return sendExport(reply, {
          fileName: exportFileName(['historial', registry], format),
          format,
          chunks:
            format === 'xlsx'
              ? service.historyXlsx(ctx.handle.exportDb, registry, filters)
              : service.historyCsv(ctx.handle.exportDb, registry, filters),
          beforeSend: () =>
            recordStaffAction(
              ctx.db,
              actorOf(request),
              'export_history',
              { kind: 'business', registry },
              request.query,
            ),
        });
      },
    );
  };
}
