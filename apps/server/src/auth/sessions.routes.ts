// 'Mis sesiones' (issue #25, beyond SPEC; contract/sessions.ts lists the calls).
//   mySessionRoutes    under /auth/sessions: the caller's own, any staff session with its headers
//   adminSessionRoutes under /master/registration/api/v1/admin-registration: an admin's, master only
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import {
  ADMIN_SESSIONS_TAIL,
  AdminSessionParams,
  AdminSessionsParams,
  SESSIONS_MSG,
  SessionIdParams,
} from '@portal/contract/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../db/audit.ts';
import type { AppContext } from '../http/context.ts';
import { callerOf } from './guard.ts';
import * as sessions from './sessions.service.ts';

/** An admin with their X-Admin-Id, or the master with the master key (the same as a staff family). */
const STAFF = { access: 'admin' } as const;
const MASTER = { access: 'master', denied: MSG.onlyMasterAdminAccounts } as const;

export function mySessionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/',
      {
        config: STAFF,
        schema: {
          summary: "The caller's live sessions ('current' marks the one of this call)",
          response: { 200: R.SessionListResponse },
        },
      },
      async (request) => {
        const auth = callerOf(request);
        return {
          success: true,
          sessions: await sessions.listSessions(ctx.db, sessions.ownerOf(auth), auth.sessionId),
        };
      },
    );

    r.post(
      '/end-others',
      {
        config: STAFF,
        schema: {
          summary: "End every one of the caller's sessions but this one",
          response: { 200: R.EndOtherSessionsResponse },
        },
      },
      async (request) => {
        const auth = callerOf(request);
        const ended = await sessions.endOtherSessions(
          ctx.db,
          actorOf(request),
          sessions.ownerOf(auth),
          auth.sessionId,
        );
        return { success: true, message: SESSIONS_MSG.otherSessionsEnded, ended_count: ended };
      },
    );

    r.delete(
      '/:session_id',
      {
        config: STAFF,
        schema: {
          summary: "End one of the caller's sessions (its token is refused at once, in every process)",
          params: SessionIdParams,
          response: { 200: R.MessageResponse },
        },
      },
      async (request) => {
        const auth = callerOf(request);
        await sessions.endSession(
          ctx.db,
          actorOf(request),
          sessions.ownerOf(auth),
          request.params.session_id,
          'session_end',
        );
        return { success: true, message: SESSIONS_MSG.sessionEnded };
      },
    );
  };
}

export function adminSessionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `/:id${ADMIN_SESSIONS_TAIL}`,
      {
        config: MASTER,
        schema: {
          summary: "An admin's live sessions",
          params: AdminSessionsParams,
          response: { 200: R.SessionListResponse },
        },
      },
      async (request) => {
        const owner = await sessions.adminOwner(ctx.db, request.params.id);
        return { success: true, sessions: await sessions.listSessions(ctx.db, owner, null) };
      },
    );

    r.delete(
      `/:id${ADMIN_SESSIONS_TAIL}/:session_id`,
      {
        config: MASTER,
        schema: {
          summary: "End one of an admin's sessions (its token is refused at once, in every process)",
          params: AdminSessionParams,
          response: { 200: R.MessageResponse },
        },
      },
      async (request) => {
        const owner = await sessions.adminOwner(ctx.db, request.params.id);
        await sessions.endSession(
          ctx.db,
          actorOf(request),
          owner,
          request.params.session_id,
          'admin_session_end',
        );
        return { success: true, message: SESSIONS_MSG.sessionEnded };
      },
    );
  };
}
