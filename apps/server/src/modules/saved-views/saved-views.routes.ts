// /{admin|master}/saved-views/api/v1/saved-views (beyond SPEC): the caller's saved
// views of the directory. The owner is the session's staff account, whichever prefix is called.

import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import {
  SavedViewCreateBody,
  SavedViewIdParams,
  SavedViewOrderBody,
  SavedViewUpdateBody,
} from '@portal/contract/saved-views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { unauthorized } from '../../http/http-error.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as views from './saved-views.service.ts';

function ownerOf(request: FastifyRequest): views.Owner {
  // The guard has already required a staff session; this only narrows the type.
  if (!request.auth) throw unauthorized(MSG.unauthorized);
  return request.auth.loginType === 'admin'
    ? { kind: 'admin', adminId: request.auth.adminId }
    : { kind: 'master', adminId: null };
}

export const savedViewRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const route = staffRoutes(app);
  familyHealth(app, 'saved-views');
  const params = SavedViewIdParams;

  route.get(
    '/',
    { summary: "The caller's saved views, in order", response: R.SavedViewListResponse },
    async (request) => ({
      saved_views: await views.listViews(ctx.db, ownerOf(request)),
    }),
  );

  route.post(
    '/',
    {
      summary: 'Save the directory search as a view (at most 50 per person)',
      body: SavedViewCreateBody,
      response: R.SavedViewResponse,
      status: 201,
    },
    async (request) => ({ saved_view: await views.createView(ctx.db, ownerOf(request), request.body) }),
  );

  route.put(
    '/order',
    {
      summary: "Reorder the caller's saved views (every id once, in the new order)",
      body: SavedViewOrderBody,
      response: R.SavedViewListResponse,
    },
    async (request) => ({
      saved_views: await views.reorderViews(ctx.db, ownerOf(request), request.body.ids),
    }),
  );

  route.patch(
    '/:id',
    {
      summary: 'Rename a saved view, or replace its query',
      params,
      body: SavedViewUpdateBody,
      response: R.SavedViewResponse,
    },
    async (request) => ({
      saved_view: await views.updateView(ctx.db, ownerOf(request), request.params.id, request.body),
    }),
  );

  route.delete(
    '/:id',
    { summary: 'Delete a saved view', params, response: R.MessageResponse },
    async (request) => {
      await views.deleteView(ctx.db, ownerOf(request), request.params.id);
      return { message: MSG.savedViewDeleted };
    },
  );
};
