// Which password the master signs in with (decision in README "Seguridad").
// The configured one (MASTER_PASSWORD, or the generated one in app_secrets) until the master
// changes it from the portal; from then on the changed one (a row of master_password), in every
// server process. At start, a changed password whose `replaces_hash` no longer matches the
// configured password is dropped: an operator who sets a new MASTER_PASSWORD gets the account back.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { deleteMasterPassword, findMasterPassword } from './master-password.repository.ts';
import { verifyPassword } from './passwords.ts';
import type { Secrets } from './secrets.ts';

/** The hash the master's password is checked against now. */
export async function masterPasswordHash(db: Kysely<Database>, secrets: Pick<Secrets, 'masterPasswordHash'>) {
  const changed = await findMasterPassword(db);
  return changed?.password_hash ?? secrets.masterPasswordHash;
}

/**
 * At start: keeps a changed master password only while the configured one is still the one it
 * replaced (the same MASTER_PASSWORD, or the same generated hash); otherwise deletes it.
 * Returns whether a changed password is in force.
 */
export async function settleMasterPassword(
  db: Kysely<Database>,
  configured: { password?: string; hash: string },
): Promise<boolean> {
  const changed = await findMasterPassword(db);
  if (!changed) return false;
  const same = configured.password
    ? await verifyPassword(changed.replaces_hash, configured.password).catch(() => false)
    : changed.replaces_hash === configured.hash;
  if (same) return true;
  await deleteMasterPassword(db);
  return false;
}
