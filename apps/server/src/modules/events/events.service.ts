// Events: list, stats and lookups of one business's events (SPEC §7).
import { EVENT_STATUSES } from '@portal/contract/enums';
import { EVENT_MESSAGES, type EventListQuery, type EventStats } from '@portal/contract/events';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { businessIdOrAll, businessList, found } from '../content-common/business-lookup.ts';
import { countsBy, todayInPuertoRico, valueCountList } from '../content-common/stats.ts';
import * as repo from './events.repository.ts';

export const listEvents = (db: Kysely<Database>, registry: string, query: EventListQuery) =>
  businessList(db, registry, 'events', (id) => repo.listEvents(db, id, query, todayInPuertoRico()));

/** The stats of a business already looked up (also the business page's content stats). */
export async function eventStatsOf(
  db: Kysely<Database>,
  businessId: number,
  today: string = todayInPuertoRico(),
): Promise<EventStats> {
  const totals = await repo.eventTotals(db, businessId, today);
  const byStatus = await repo.eventStatusCounts(db, businessId);
  return { ...totals, events_by_status: countsBy(byStatus, EVENT_STATUSES) };
}

export async function eventStatuses(db: Kysely<Database>, registry: string | null) {
  return valueCountList(
    await repo.eventStatusCounts(db, await businessIdOrAll(db, registry)),
    EVENT_STATUSES,
  );
}

export async function getEvent(db: Kysely<Database>, id: number) {
  return found(await repo.findEvent(db, id), EVENT_MESSAGES.notFound);
}
