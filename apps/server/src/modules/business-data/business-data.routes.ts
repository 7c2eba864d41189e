// GET /{admin|master}/business-data/api/v1/business-data/... (SPEC §7 "Business data").
import {
  BusinessEmailParams,
  BusinessExportQuery,
  BusinessIdParams,
  BusinessListQuery,
  BusinessPhoneParams,
} from '@portal/contract/business-data';
import { BUSINESS_EDIT_MSG, BusinessUpdateBody } from '@portal/contract/business-edit';
import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { exportFileName } from '@portal/contract/exports';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../../auth/guard.ts';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { sendExport } from '../../http/csv-stream.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { forbidden } from '../../http/http-error.ts';
import { preconditionOf, sendEtag } from '../../http/if-match.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as service from './business-data.service.ts';
import { updateBusiness } from './business-edit.service.ts';

export function businessDataRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { get, patch, download } = staffRoutes(app);
    familyHealth(app, 'business-data');
    const response = R.BusinessResponse;

    get(
      '/',
      {
        summary: 'Search the business directory',
        querystring: BusinessListQuery,
        response: R.BusinessListResponse,
      },
      (request) => service.listDirectory(ctx.readDb, request.query),
    );

    download(
      '/export',
      {
        summary:
          'The directory search as CSV or XLSX (up to 10,000 rows; every match with all=true, master only)',
        querystring: BusinessExportQuery,
      },
      async (request, reply) => {
        const query = request.query;
        if (query.all && callerOf(request).loginType !== 'master') throw forbidden(MSG.exportAllMasterOnly);
        // An export writes nothing else: its audit row is the only trace of who took the data.
        return sendExport(reply, {
          fileName: exportFileName(['negocios'], query.format),
          format: query.format,
          total: await service.directoryExportTotal(ctx.readDb, query),
          chunks: service.directoryExport(ctx.handle, query),
          beforeSend: () =>
            recordStaffAction(ctx.db, actorOf(request), 'export_directory', { kind: 'directory' }, query),
        });
      },
    );

    get('/stats', { summary: 'Directory statistics', response: R.BusinessStatsResponse }, async () => ({
      stats: await service.directoryStats(ctx.readDb),
    }));

    get(
      '/categories',
      { summary: 'Categories in use', response: R.BusinessCategoriesResponse },
      async () => ({
        categories: await service.categoriesInUse(ctx.readDb),
      }),
    );

    // One business, found by one of its unique keys (the path parameter of the same name).
    const lookup = <K extends service.BusinessKey>(
      url: string,
      summary: string,
      params: z.ZodType<Record<K, string | number>>,
      by: K,
    ) =>
      get(url, { summary, params, response }, async (request, reply) => {
        const business = await service.findBusiness(ctx.readDb, by, request.params[by]);
        sendEtag(reply, business.version);
        return { business };
      });
    // The staff edit of the fields registration takes (If-Match as DESIGN §3).
    patch(
      '/registry/:registry',
      {
        summary: "Edit a business's name, owner, phone, category, description, address or year",
        params: RegistryParams,
        headers: IfMatchHeaders,
        body: BusinessUpdateBody,
        response: R.BusinessUpdatedResponse,
      },
      async (request, reply) => {
        const business = await updateBusiness(
          ctx.db,
          actorOf(request),
          request.params.registry,
          request.body,
          preconditionOf(request),
        );
        sendEtag(reply, business.version);
        return { message: BUSINESS_EDIT_MSG.updated, business };
      },
    );

    lookup('/email/:email', 'A business by email', BusinessEmailParams, 'email');
    lookup('/phone/:phone', 'A business by phone', BusinessPhoneParams, 'phone');
    lookup('/registry/:registry', 'A business by registry number', RegistryParams, 'registry');
    lookup('/:id', 'A business by id', BusinessIdParams, 'id');
  };
}

/** SPEC §7 also names `business-data/health` directly under the role prefix. */
export async function businessDataHealthRoute(app: FastifyInstance) {
  familyHealth(app, 'business-data');
}
