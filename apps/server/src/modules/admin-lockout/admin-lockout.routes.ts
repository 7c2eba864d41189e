// The master's view of an admin's sign-in lock and its release, beside the admin
// registration family: /master/registration/api/v1/admin-lockout, master only like that family.
import { AdminIdParams } from '@portal/contract/admin-registration';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as service from './admin-lockout.service.ts';

export function adminLockoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = staffRoutes(app, { access: 'master', denied: MSG.onlyMasterAdminAccounts });
    const params = AdminIdParams;
    route.health('admin-lockout');

    route.get(
      '/',
      { summary: 'Admins locked out of sign-in now', response: R.LockoutListResponse },
      async () => ({ lockouts: await service.lockedAdmins(ctx) }),
    );

    route.get(
      '/:id',
      { summary: "An admin's sign-in lock", params, response: R.LockoutStateResponse },
      (request) => service.lockoutOf(ctx, request.params.id),
    );

    route.delete(
      '/:id',
      { summary: "Release an admin's sign-in lock", params, response: R.LockoutReleaseResponse },
      (request) => service.releaseLockout(ctx, actorOf(request), request.params.id),
    );
  };
}
