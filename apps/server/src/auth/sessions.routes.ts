// 'Mis sesiones' (beyond SPEC; contract/sessions.ts lists the calls).
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../db/audit.ts';
import type { AppContext } from '../http/context.ts';
import { staffRoutes } from '../http/staff-routes.ts';
import { callerOf } from './guard.ts';
import * as sessions from './sessions.service.ts';

export function mySessionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // An admin with their X-Admin-Id, or the master with the master key (the same as a staff family).
    const route = staffRoutes(app, { access: 'admin' });
    const ownSessions = (request: FastifyRequest) => {
      const auth = callerOf(request);
      return { owner: sessions.ownerOf(auth), current: auth.sessionId };
    };

    route.get(
      '/',
      {
        summary: "The caller's live sessions ('current' marks the one of this call)",
        response: R.SessionListResponse,
      },
      async (request) => {
        const { owner, current } = ownSessions(request);
        return { sessions: await sessions.listSessions(ctx.db, owner, current) };
      },
    );

    route.post(
      '/end-others',
      {
        summary: "End every one of the caller's sessions but this one",
        response: R.EndOtherSessionsResponse,
      },
      async (request) => {
        const { owner, current } = ownSessions(request);
        const ended = await sessions.endOtherSessions(ctx.db, actorOf(request), owner, current);
        return { message: SESSIONS_MSG.otherSessionsEnded, ended_count: ended };
      },
    );

    route.delete(
      '/:session_id',
      {
        summary: "End one of the caller's sessions (its token is refused at once, in every process)",
        params: SessionIdParams,
        response: R.MessageResponse,
      },
      async (request) => {
        const { owner } = ownSessions(request);
        await sessions.endSession(ctx.db, actorOf(request), owner, request.params.session_id, 'session_end');
        return { message: SESSIONS_MSG.sessionEnded };
      },
    );
  };
}

export function adminSessionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = staffRoutes(app, { access: 'master', denied: MSG.onlyMasterAdminAccounts });

    route.get(
      `/:id${ADMIN_SESSIONS_TAIL}`,
      { summary: "An admin's live sessions", params: AdminSessionsParams, response: R.SessionListResponse },
      async (request) => {
        const owner = await sessions.adminOwner(ctx.db, request.params.id);
        return { sessions: await sessions.listSessions(ctx.db, owner, null) };
      },
    );

    route.delete(
      `/:id${ADMIN_SESSIONS_TAIL}/:session_id`,
      {
        summary: "End one of an admin's sessions (its token is refused at once, in every process)",
        params: AdminSessionParams,
        response: R.MessageResponse,
      },
      async (request) => {
        const { id, session_id } = request.params;
        const owner = await sessions.adminOwner(ctx.db, id);
        await sessions.endSession(ctx.db, actorOf(request), owner, session_id, 'admin_session_end');
        return { message: SESSIONS_MSG.sessionEnded };
      },
    );
  };
}
