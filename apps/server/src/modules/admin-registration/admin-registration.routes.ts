// /master/registration/api/v1/admin-registration (SPEC §7 "Admin registration"): master only.
import {
  ADMIN_MSG,
  AdminCreateBody,
  AdminIdParams,
  AdminListQuery,
  AdminSearchQuery,
  AdminUpdateBody,
  BulkActionBody,
  RegistrationsQuery,
  ResetPasswordBody,
} from '@portal/contract/admin-registration';
import { MSG } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import * as service from './admin-registration.service.ts';

const MASTER = { access: 'master', denied: MSG.onlyMasterAdminAccounts } as const;

export function adminRegistrationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/health', { config: MASTER }, async () => ({
      success: true,
      service: 'admin-registration',
      status: 'healthy',
    }));

    r.post('/', { config: MASTER, schema: { body: AdminCreateBody } }, async (request, reply) => {
      const admin = await service.createAdmin(ctx, actorOf(request), request.body);
      return reply
        .status(201)
        .send({ success: true, message: ADMIN_MSG.created, admin_id: admin.admin_id, admin });
    });

    r.get('/', { config: MASTER, schema: { querystring: AdminListQuery } }, async (request) => ({
      success: true,
      ...(await service.listAdmins(ctx, request.query)),
    }));

    r.get('/search', { config: MASTER, schema: { querystring: AdminSearchQuery } }, async (request) => ({
      success: true,
      ...(await service.searchAdmins(ctx, request.query.q, request.query.limit)),
    }));

    r.get('/stats', { config: MASTER }, async () => ({
      success: true,
      stats: await service.adminStats(ctx),
    }));

    r.get(
      '/registrations',
      { config: MASTER, schema: { querystring: RegistrationsQuery } },
      async (request) => ({
        success: true,
        ...(await service.listRegistrations(ctx, request.query.page, request.query.page_size)),
      }),
    );

    r.post('/bulk', { config: MASTER, schema: { body: BulkActionBody } }, async (request) => ({
      success: true,
      ...(await service.bulkAction(ctx, actorOf(request), request.body)),
    }));

    r.get('/:id', { config: MASTER, schema: { params: AdminIdParams } }, async (request) => ({
      success: true,
      admin: await service.getAdmin(ctx, request.params.id),
    }));

    r.put(
      '/:id',
      { config: MASTER, schema: { params: AdminIdParams, body: AdminUpdateBody } },
      async (request) => ({
        success: true,
        message: ADMIN_MSG.updated,
        admin: await service.updateAdmin(ctx, actorOf(request), request.params.id, request.body),
      }),
    );

    r.delete('/:id', { config: MASTER, schema: { params: AdminIdParams } }, async (request) => {
      await service.deleteAdmin(ctx, actorOf(request), request.params.id);
      return { success: true, message: ADMIN_MSG.deleted, admin_id: request.params.id };
    });

    r.post(
      '/:id/reset-password',
      { config: MASTER, schema: { params: AdminIdParams, body: ResetPasswordBody } },
      async (request) => {
        await service.resetPassword(ctx, actorOf(request), request.params.id, request.body);
        return { success: true, message: ADMIN_MSG.passwordReset, admin_id: request.params.id };
      },
    );

    r.get('/:id/registration', { config: MASTER, schema: { params: AdminIdParams } }, async (request) => ({
      success: true,
      registration: await service.registrationOf(ctx, request.params.id),
    }));
  };
}
