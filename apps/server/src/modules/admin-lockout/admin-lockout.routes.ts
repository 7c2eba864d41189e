// The master's view of an admin's sign-in lock and its release (issue #13), beside the admin
// registration family: /master/registration/api/v1/admin-lockout, master only like that family.
import { AdminIdParams } from '@portal/contract/admin-registration';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import * as service from './admin-lockout.service.ts';

const MASTER = { access: 'master', denied: MSG.onlyMasterAdminAccounts } as const;

export function adminLockoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/health',
      {
        config: MASTER,
        schema: { summary: 'Health of the admin lockout service', response: { 200: R.HealthResponse } },
      },
      async () => ({
        success: true,
        service: 'admin-lockout',
        status: 'healthy',
      }),
    );

    r.get(
      '/',
      {
        config: MASTER,
        schema: { summary: 'Admins locked out of sign-in now', response: { 200: R.LockoutListResponse } },
      },
      async () => ({
        success: true,
        lockouts: await service.lockedAdmins(ctx),
      }),
    );

    r.get(
      '/:id',
      {
        config: MASTER,
        schema: {
          summary: "An admin's sign-in lock",
          params: AdminIdParams,
          response: { 200: R.LockoutStateResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.lockoutOf(ctx, request.params.id)),
      }),
    );

    r.delete(
      '/:id',
      {
        config: MASTER,
        schema: {
          summary: "Release an admin's sign-in lock",
          params: AdminIdParams,
          response: { 200: R.LockoutReleaseResponse },
        },
      },
      async (request) => service.releaseLockout(ctx, actorOf(request), request.params.id),
    );
  };
}
