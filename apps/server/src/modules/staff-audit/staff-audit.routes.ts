// GET /master/staff-audit/api/v1/staff-actions/... (issue #16 item 7): the staff audit log, master only.
import { exportFileName } from '@portal/contract/exports';
import { MSG } from '@portal/contract/messages';
import {
  StaffActionExportQuery,
  StaffActionListQuery,
  StaffActionPageResponse,
  StaffAuditHealthResponse,
} from '@portal/contract/staff-audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { sendExport } from '../../http/csv-stream.ts';
import { recordStaffAction } from './record.ts';
import * as service from './staff-audit.service.ts';

const MASTER = { access: 'master', denied: MSG.onlyMaster } as const;

export function staffAuditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/health',
      {
        config: MASTER,
        schema: { summary: 'Health of the staff audit service', response: { 200: StaffAuditHealthResponse } },
      },
      async () => ({ success: true as const, service: 'staff-audit', status: 'healthy' }),
    );

    r.get(
      '/',
      {
        config: MASTER,
        schema: {
          summary: 'A page of the staff audit log, newest first',
          querystring: StaffActionListQuery,
          response: { 200: StaffActionPageResponse },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await service.staffActionPage(ctx.db, request.query)),
      }),
    );

    r.get(
      '/export',
      {
        config: MASTER,
        schema: {
          summary: 'The staff audit log as CSV or XLSX (up to 10,000 rows)',
          querystring: StaffActionExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        return sendExport(reply, {
          fileName: exportFileName(['auditoria'], format),
          format,
          chunks:
            format === 'xlsx'
              ? service.staffActionsXlsx(ctx.handle.exportDb, filters)
              : service.staffActionsCsv(ctx.handle.exportDb, filters),
          beforeSend: () =>
            recordStaffAction(ctx.db, actorOf(request), 'export_audit', { kind: 'audit' }, request.query),
        });
      },
    );
  };
}
