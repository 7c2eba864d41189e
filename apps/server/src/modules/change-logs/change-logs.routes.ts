// GET /{admin|master}/business-change-logs/api/v1/business-change-logs/... (SPEC §7 "Change logs").
import { ChangeLogExportQuery, ChangeLogListQuery } from '@portal/contract/change-logs';
import { exportFileName } from '@portal/contract/exports';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { sendExport } from '../../http/csv-stream.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as service from './change-logs.service.ts';

export function changeLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { get, download } = staffRoutes(app);
    familyHealth(app, 'business-change-logs');
    const params = RegistryParams;

    get(
      '/registry/:registry',
      {
        summary: "A page of a business's change history",
        params,
        querystring: ChangeLogListQuery,
        response: R.ChangeLogPageResponse,
      },
      (request) => service.historyPage(ctx.readDb, request.params.registry, request.query),
    );

    get(
      '/registry/:registry/stats',
      { summary: 'Change history statistics of a business', params, response: R.ChangeLogStatsResponse },
      async (request) => ({ stats: await service.historyStats(ctx.readDb, request.params.registry) }),
    );

    download(
      '/registry/:registry/export',
      {
        summary: "A business's change history as CSV or XLSX",
        params,
        querystring: ChangeLogExportQuery,
      },
      async (request, reply) => {
        const { registry } = request.params;
        const { format, ...filters } = request.query;
        return sendExport(reply, {
          fileName: exportFileName(['historial', registry], format),
          format,
          chunks: service.historyExport(ctx.handle.exportDb, registry, filters, format),
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
