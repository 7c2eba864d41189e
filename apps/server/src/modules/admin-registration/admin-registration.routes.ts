// /master/registration/api/v1/admin-registration (SPEC §7 "Admin registration"): master only.
import {
  ADMIN_MSG,
  AdminBulkLines,
  AdminCreateBody,
  AdminIdParams,
  AdminListQuery,
  AdminSearchQuery,
  AdminUpdateBody,
  BulkActionBody,
  RegistrationsQuery,
  ResetPasswordBody,
} from '@portal/contract/admin-registration';
import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { preconditionOf, sendEtag } from '../../http/if-match.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as service from './admin-registration.service.ts';

export function adminRegistrationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = staffRoutes(app, { access: 'master', denied: MSG.onlyMasterAdminAccounts });
    const params = AdminIdParams;
    const headers = IfMatchHeaders;
    route.health('admin-registration');

    route.post(
      '/',
      {
        summary: 'Create an admin account',
        body: AdminCreateBody,
        response: R.AdminCreatedResponse,
        status: 201,
      },
      async (request) => {
        const admin = await service.createAdmin(ctx, actorOf(request), request.body);
        return { message: ADMIN_MSG.created, admin_id: admin.admin_id, admin };
      },
    );

    route.get(
      '/',
      { summary: 'List admin accounts', querystring: AdminListQuery, response: R.AdminListResponse },
      (request) => service.listAdmins(ctx, request.query),
    );

    route.get(
      '/search',
      { summary: 'Search admin accounts', querystring: AdminSearchQuery, response: R.AdminListResponse },
      (request) => service.searchAdmins(ctx, request.query.q, request.query.limit),
    );

    route.get(
      '/stats',
      { summary: 'Admin account statistics', response: R.AdminStatsResponse },
      async () => ({ stats: await service.adminStats(ctx) }),
    );

    route.get(
      '/registrations',
      {
        summary: 'Registration history of admin accounts',
        querystring: RegistrationsQuery,
        response: R.AdminRegistrationsResponse,
      },
      (request) => service.listRegistrations(ctx, request.query.page, request.query.page_size),
    );

    route.post(
      '/bulk',
      {
        summary: 'Activate, deactivate, suspend or delete several admins',
        body: BulkActionBody,
        response: R.AdminBulkResponse.extend(AdminBulkLines),
      },
      (request) => service.bulkAction(ctx, actorOf(request), request.body),
    );

    route.get(
      '/:id',
      { summary: 'One admin account', params, response: R.AdminResponse },
      async (request, reply) => {
        const admin = await service.getAdmin(ctx, request.params.id);
        sendEtag(reply, admin.version);
        return { admin };
      },
    );

    route.put(
      '/:id',
      {
        summary: 'Update an admin account',
        params,
        headers,
        body: AdminUpdateBody,
        response: R.AdminUpdatedResponse,
      },
      async (request, reply) => {
        const { id } = request.params;
        const admin = await service.updateAdmin(
          ctx,
          actorOf(request),
          id,
          request.body,
          preconditionOf(request),
        );
        sendEtag(reply, admin.version);
        return { message: ADMIN_MSG.updated, admin };
      },
    );

    route.delete(
      '/:id',
      { summary: 'Delete an admin account', params, response: R.AdminIdMessageResponse },
      async (request) => {
        await service.deleteAdmin(ctx, actorOf(request), request.params.id);
        return { message: ADMIN_MSG.deleted, admin_id: request.params.id };
      },
    );

    route.post(
      '/:id/reset-password',
      {
        summary: "Reset an admin's password",
        params,
        headers,
        body: ResetPasswordBody,
        response: R.AdminIdMessageResponse,
      },
      async (request, reply) => {
        const { id } = request.params;
        const version = await service.resetPassword(
          ctx,
          actorOf(request),
          id,
          request.body,
          preconditionOf(request),
        );
        sendEtag(reply, version);
        return { message: ADMIN_MSG.passwordReset, admin_id: id, version };
      },
    );

    route.get(
      '/:id/registration',
      { summary: "An admin's registration record", params, response: R.AdminRegistrationResponse },
      async (request) => ({ registration: await service.registrationOf(ctx, request.params.id) }),
    );
  };
}
