// 'Mis sesiones': the caller's live sessions under /auth/sessions, and (master) an
// admin's under the admin registration family.
// Types only from the contract: its sessions module holds zod schemas the portal does not need.
import type { EndOthersBody, SessionInfo, SessionListBody } from '@portal/contract/sessions';
import { apiRequest } from './http-client.ts';

const MY_SESSIONS_PATH = '/auth/sessions';
const ADMIN_ACCOUNTS_PATH = '/master/registration/api/v1/admin-registration';

export type { SessionInfo };

export async function listMySessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return (await apiRequest<SessionListBody>(MY_SESSIONS_PATH, { signal })).sessions;
}

export async function endMySession(sessionId: string): Promise<void> {
  await apiRequest(`${MY_SESSIONS_PATH}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

/** Ends every session of mine but this one; how many ended. */
export async function endOtherSessions(): Promise<number> {
  return (await apiRequest<EndOthersBody>(`${MY_SESSIONS_PATH}/end-others`, { method: 'POST' })).ended_count;
}

const adminSessionsPath = (adminId: number) => `${ADMIN_ACCOUNTS_PATH}/${adminId}/sessions`;

export async function listAdminSessions(adminId: number, signal?: AbortSignal): Promise<SessionInfo[]> {
  return (await apiRequest<SessionListBody>(adminSessionsPath(adminId), { signal })).sessions;
}

export async function endAdminSession(adminId: number, sessionId: string): Promise<void> {
  await apiRequest(`${adminSessionsPath(adminId)}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}
