// /{admin|master}/saved-views/api/v1/saved-views (issue #24, beyond SPEC): the caller's saved
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { unauthorized } from '../../http/http-error.ts';
import * as views from './saved-views.service.ts';

const access = { access: 'staff' } as const;

function ownerOf(request: FastifyRequest): views.Owner {
  // The guard has already required a staff session; this only narrows the type.
  if (!request.auth) throw unauthorized(MSG.unauthorized);
  return request.auth.loginType === 'admin'
    ? { kind: 'admin', adminId: request.auth.adminId }
    : { kind: 'master', adminId: null };
}

export const savedViewRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'saved-views');

  r.get(
    '/',
    {
      config: access,
      schema: { summary: "The caller's saved views, in order", response: { 200: R.SavedViewListResponse } },
    },
    async (request) => ({ success: true, saved_views: await views.listViews(ctx.db, ownerOf(request)) }),
  );

  r.post(
    '/',
    {
      config: access,
      schema: {
        summary: 'Save the directory search as a view (at most 50 per person)',
        body: SavedViewCreateBody,
        response: { 201: R.SavedViewResponse },
      },
    },
    async (request, reply) => {
      const view = await views.createView(ctx.db, ownerOf(request), request.body);
      return reply.status(201).send({ success: true, saved_view: view });
    },
  );

  r.put(
    '/order',
    {
      config: access,
      schema: {
        summary: "Reorder the caller's saved views (every id once, in the new order)",
        body: SavedViewOrderBody,
        response: { 200: R.SavedViewListResponse },
      },
    },
    async (request) => ({
      success: true,
      saved_views: await views.reorderViews(ctx.db, ownerOf(request), request.body.ids),
    }),
  );

  r.patch(
    '/:id',
    {
      config: access,
      schema: {
        summary: 'Rename a saved view, or replace its query',
        params: SavedViewIdParams,
        body: SavedViewUpdateBody,
        response: { 200: R.SavedViewResponse },
      },
    },
    async (request) => ({
      success: true,
      saved_view: await views.updateView(ctx.db, ownerOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/:id',
    {
      config: access,
      schema: {
        summary: 'Delete a saved view',
        params: SavedViewIdParams,
        response: { 200: R.MessageResponse },
      },
    },
    async (request) => {
      await views.deleteView(ctx.db, ownerOf(request), request.params.id);
      return { success: true, message: MSG.savedViewDeleted };
    },
  );
};
