// GET /master/staff-audit/api/v1/staff-actions/...: the staff audit log, master only.
import { exportFileName } from '@portal/contract/exports';
import { MSG } from '@portal/contract/messages';
import {
  StaffActionExportQuery,
  StaffActionListQuery,
  StaffActionPageResponse,
} from '@portal/contract/staff-audit';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { sendExport } from '../../http/csv-stream.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import { recordStaffAction } from './record.ts';
import * as service from './staff-audit.service.ts';

export function staffAuditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = staffRoutes(app, { access: 'master', denied: MSG.onlyMaster });
    route.health('staff-audit');

    route.get(
      '/',
      {
        summary: 'A page of the staff audit log, newest first',
        querystring: StaffActionListQuery,
        response: StaffActionPageResponse,
      },
      (request) => service.staffActionPage(ctx.readDb, request.query),
    );

    route.download(
      '/export',
      {
        summary: 'The staff audit log as CSV or XLSX (up to 10,000 rows)',
        querystring: StaffActionExportQuery,
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        return sendExport(reply, {
          fileName: exportFileName(['auditoria'], format),
          format,
          chunks: service.staffActionsExport(ctx.handle.exportDb, filters, format),
          beforeSend: () =>
            recordStaffAction(ctx.db, actorOf(request), 'export_audit', { kind: 'audit' }, request.query),
        });
      },
    );
  };
}
