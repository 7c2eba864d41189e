// A public route may still be called by staff (the portal's registration form): the caller counts
// as staff only with a live session AND the headers the guard would demand (DESIGN §3).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { authenticate } from '../../auth/guard.ts';
import { masterKeyMatches } from '../../auth/master-key.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import type { Database } from '../../db/types.ts';

export async function optionalStaffCaller(
  request: FastifyRequest,
  db: Kysely<Database>,
  secret: Uint8Array,
): Promise<AuthContext | null> {
  const auth = await authenticate(request, db, secret);
  if (!auth) return null;
  if (auth.loginType === 'master') {
    return masterKeyMatches(request.headers['x-master-key'], auth.masterKeyHash) ? auth : null;
  }
  return String(request.headers['x-admin-id'] ?? '') === String(auth.adminId) ? auth : null;
}
