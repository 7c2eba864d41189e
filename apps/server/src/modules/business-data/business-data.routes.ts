// GET /{admin|master}/business-data/api/v1/business-data/... (SPEC §7 "Business data").
import {
  BusinessEmailParams,
  BusinessExportQuery,
  BusinessIdParams,
  BusinessListQuery,
  BusinessPhoneParams,
} from '@portal/contract/business-data';
import { csvFileName } from '@portal/contract/csv';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { sendCsv } from '../../http/csv-stream.ts';
import { familyHealth } from '../../http/health.routes.ts';
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
      { config: staff, schema: { summary: 'The directory search as CSV', querystring: BusinessExportQuery } },
      async (request, reply) => {
        // An export writes nothing else: its audit row is the only trace of who took the data.
        return sendCsv(
          reply,
          csvFileName(['negocios']),
          service.directoryCsv(ctx.handle.exportDb, request.query),
          () =>
            recordStaffAction(
              ctx.db,
              actorOf(request),
              'export_directory',
              { kind: 'directory' },
              request.query,
            ),
        );
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
