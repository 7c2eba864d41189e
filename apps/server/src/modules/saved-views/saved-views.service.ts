// Saved views: each staff account reads and changes only its own (another's id is 404), at most
// SAVED_VIEW_MAX_PER_OWNER each, names unique per owner whatever their case. Personal preferences,
// not staff actions: their writes are not in the staff audit log.
import { MSG } from '@portal/contract/messages';
import {
  SAVED_VIEW_MAX_PER_OWNER,
  type SavedViewCreateBody,
  type SavedViewUpdateBody,
} from '@portal/contract/saved-views';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { badRequest, conflict, notFound } from '../../http/http-error.ts';
import * as repo from './saved-views.repository.ts';

export type { Owner } from './saved-views.repository.ts';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A duplicate name (saved_views_owner_name) answers 409 with its own message. */
async function namesUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.savedViewNameTaken);
    throw error;
  }
}

function toView(row: repo.SavedViewRow) {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    query: row.query as Record<string, string>,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listViews(db: Kysely<Database>, owner: repo.Owner) {
  return (await repo.listViews(db, owner)).map(toView);
}

/** Counted under the owner's lock: parallel creates never pass the limit. */
export function createView(db: Kysely<Database>, owner: repo.Owner, body: SavedViewCreateBody) {
  return namesUnique(() =>
    db.transaction().execute(async (trx) => {
      await repo.lockOwner(trx, owner);
      const { count, next } = await repo.countAndNextPosition(trx, owner);
      if (count >= SAVED_VIEW_MAX_PER_OWNER) throw conflict(MSG.savedViewLimit);
      return toView(
        await repo.insertView(trx, owner, { name: body.name, position: next, query: body.query }),
      );
    }),
  );
}

export async function updateView(
  db: Kysely<Database>,
  owner: repo.Owner,
  id: number,
  body: SavedViewUpdateBody,
) {
  const row = await namesUnique(() => repo.updateView(db, owner, id, body));
  if (!row) throw notFound(MSG.savedViewNotFound);
  return toView(row);
}

export async function deleteView(db: Kysely<Database>, owner: repo.Owner, id: number): Promise<void> {
  if (!(await repo.deleteView(db, owner, id))) throw notFound(MSG.savedViewNotFound);
}

/** The new order must name every one of the owner's views once; applied in one transaction. */
export function reorderViews(db: Kysely<Database>, owner: repo.Owner, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    await repo.lockOwner(trx, owner);
    const current = await repo.listViews(trx, owner);
    const mine = new Set(current.map((view) => view.id));
    if (ids.length !== mine.size || ids.some((id) => !mine.has(id))) throw badRequest(MSG.savedViewOrder);
    await repo.setPositions(trx, owner, ids);
    return (await repo.listViews(trx, owner)).map(toView);
  });
}
