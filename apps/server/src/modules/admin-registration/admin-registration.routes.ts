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
import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { preconditionOf, sendEtag } from '../../http/if-match.ts';
import * as service from './admin-registration.service.ts';

const MASTER = { access: 'master', denied: MSG.onlyMasterAdminAccounts } as const;

export function adminRegistrationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/health',
      {
        config: MASTER,
        schema: { summary: 'Health of the admin registration service', response: { 200: R.HealthResponse } },
      },
      async () => ({
        success: true,
        service: 'admin-registration',
        status: 'healthy',
      }),
    );

    r.post(
      '/',
      {
        config: MASTER,
        schema: {
          summary: 'Create an admin account',
          body: AdminCreateBody,
          response: { 201: R.AdminCreatedResponse },
        },
      },
      async (request, reply) => {
        const admin = await service.createAdmin(ctx, actorOf(request), request.body);
        return reply
          .status(201)
          .send({ success: true, message: ADMIN_MSG.created, admin_id: admin.admin_id, admin });
      },
    );

    r.get(
      '/',
      {
        config: MASTER,
        schema: {
          summary: 'List admin accounts',
          querystring: AdminListQuery,
          response: { 200: R.AdminListResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.listAdmins(ctx, request.query)),
      }),
    );

    r.get(
      '/search',
      {
        config: MASTER,
        schema: {
          summary: 'Search admin accounts',
          querystring: AdminSearchQuery,
          response: { 200: R.AdminListResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.searchAdmins(ctx, request.query.q, request.query.limit)),
      }),
    );

    r.get(
      '/stats',
      {
        config: MASTER,
        schema: { summary: 'Admin account statistics', response: { 200: R.AdminStatsResponse } },
      },
      async () => ({
        success: true,
        stats: await service.adminStats(ctx),
      }),
    );

    r.get(
      '/registrations',
      {
        config: MASTER,
        schema: {
          summary: 'Registration history of admin accounts',
          querystring: RegistrationsQuery,
          response: { 200: R.AdminRegistrationsResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.listRegistrations(ctx, request.query.page, request.query.page_size)),
      }),
    );

    r.post(
      '/bulk',
      {
        config: MASTER,
        schema: {
          summary: 'Activate, deactivate, suspend or delete several admins',
          body: BulkActionBody,
          response: { 200: R.AdminBulkResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.bulkAction(ctx, actorOf(request), request.body)),
      }),
    );

    r.get(
      '/:id',
      {
        config: MASTER,
        schema: { summary: 'One admin account', params: AdminIdParams, response: { 200: R.AdminResponse } },
      },
      async (request, reply) => {
        const admin = await service.getAdmin(ctx, request.params.id);
        sendEtag(reply, admin.version);
        return { success: true, admin };
      },
    );

    r.put(
      '/:id',
      {
        config: MASTER,
        schema: {
          summary: 'Update an admin account',
          params: AdminIdParams,
          headers: IfMatchHeaders,
          body: AdminUpdateBody,
          response: { 200: R.AdminUpdatedResponse },
        },
      },
      async (request, reply) => {
        const admin = await service.updateAdmin(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
          preconditionOf(request),
        );
        sendEtag(reply, admin.version);
        return { success: true, message: ADMIN_MSG.updated, admin };
      },
    );

    r.delete(
      '/:id',
      {
        config: MASTER,
        schema: {
          summary: 'Delete an admin account',
          params: AdminIdParams,
          response: { 200: R.AdminIdMessageResponse },
        },
      },
      async (request) => {
        await service.deleteAdmin(ctx, actorOf(request), request.params.id);
        return { success: true, message: ADMIN_MSG.deleted, admin_id: request.params.id };
      },
    );

    r.post(
      '/:id/reset-password',
      {
        config: MASTER,
        schema: {
          summary: "Reset an admin's password",
          params: AdminIdParams,
          headers: IfMatchHeaders,
          body: ResetPasswordBody,
          response: { 200: R.AdminIdMessageResponse },
        },
      },
      async (request, reply) => {
        const version = await service.resetPassword(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
          preconditionOf(request),
        );
        sendEtag(reply, version);
        return { success: true, message: ADMIN_MSG.passwordReset, admin_id: request.params.id, version };
      },
    );

    r.get(
      '/:id/registration',
      {
        config: MASTER,
        schema: {
          summary: "An admin's registration record",
          params: AdminIdParams,
          response: { 200: R.AdminRegistrationResponse },
        },
      },
      async (request) => ({
        success: true,
        registration: await service.registrationOf(ctx, request.params.id),
      }),
    );
  };
}
