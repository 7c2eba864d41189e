// My sessions (beyond SPEC): where a staff member is signed in, and ending them.
//   GET    /auth/sessions                          the caller's live sessions (`current` marks this one)
//   DELETE /auth/sessions/:session_id              ends one of them (404 for anyone else's)
//   POST   /auth/sessions/end-others               ends every one but this one
//   GET    /master/registration/api/v1/admin-registration/:id/sessions               an admin's (master)
//   DELETE /master/registration/api/v1/admin-registration/:id/sessions/:session_id   ends one (master)
import { z } from 'zod';
import { idParam } from './ids.ts';

export const MY_SESSIONS_PATH = '/auth/sessions';
/** The tail after /master/registration/api/v1/admin-registration/{id}. */
export const ADMIN_SESSIONS_TAIL = '/sessions';

export const SESSIONS_MSG = {
  invalidSessionId: 'Invalid session id',
  sessionNotFound: 'Session not found',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'Other sessions ended',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sessionId = z
  .string({ error: SESSIONS_MSG.invalidSessionId })
  .trim()
  .regex(UUID, SESSIONS_MSG.invalidSessionId)
  .transform((value) => value.toLowerCase());

export const SessionIdParams = z.object({ session_id: sessionId });
export const AdminSessionsParams = z.object({ id: idParam() });
export const AdminSessionParams = z.object({ id: idParam(), session_id: sessionId });

/** One live session as the API sends it (dates as ISO 8601 text). */
export interface SessionInfo {
  session_id: string;
  created_at: string;
  last_seen_at: string;
  ip_address: string | null;
  user_agent: string | null;
  /** The session of the call itself (always false in the master's view of an admin). */
  current: boolean;
}

export interface SessionListBody {
  success: true;
  sessions: SessionInfo[];
}

export interface EndOthersBody {
  success: true;
  message: string;
  ended_count: number;
}
