// Who acted, in the portal's words (README "Words, numbers and the API document"): the API keeps
// the master's stored name 'Master' (SPEC changed_by = 'Master', the staff audit's identifier),
// the portal shows 'Usuario maestro', as the header does. Server-built exports keep 'Master'.
import { changedByLabel } from '@portal/contract/change-log-labels';

/** How the portal names the master account. */
export const MASTER_NAME = 'Usuario maestro';

/** The master's name as the API stores it. */
export const MASTER_ACTOR = 'Master';

const IMPORT_SUFFIX = ' (importación)';

/** The session's stored user name of the master (SPEC §3), which some records keep as who acted. */
const MASTER_USER = 'Master User';

/** 'Master' (or 'Master User') reads 'Usuario maestro', an import's 'Master (importación)' 'Usuario maestro (importación)'; any other name as stored. */
export function actorName(name: string): string {
  if (name === MASTER_ACTOR || name === MASTER_USER) return MASTER_NAME;
  if (name === `${MASTER_ACTOR}${IMPORT_SUFFIX}`) return `${MASTER_NAME}${IMPORT_SUFFIX}`;
  return name;
}

/** The change history's 'Usuario': the actor's name, 'Sistema' when blank. */
export function changedByName(changedBy: string | null | undefined): string {
  return actorName(changedByLabel(changedBy));
}

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The staff audit's 'Miembro del personal' filter as the server matches it (part of the stored
 * identifier): the words shown, 'Usuario maestro' (any case or accents), ask for 'Master'; anything
 * else, an email or a part of one, as typed.
 */
export function staffFilterQuery(input: string): string {
  const trimmed = input.trim();
  return fold(trimmed) === fold(MASTER_NAME) ? MASTER_ACTOR : trimmed;
}
