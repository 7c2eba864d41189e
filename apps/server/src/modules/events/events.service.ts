// Events: list, stats and lookups of one business's events (SPEC §7).
import { EVENT_STATUSES } from '@portal/contract/enums';
import { EVENT_MESSAGES, type EventListQuery, type EventStats } from '@portal/contract/events';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { requireBusiness } from '../content-common/business-lookup.ts';
import { countsBy, todayUtc, valueCountList } from '../content-common/stats.ts';
import * as repo from './events.repository.ts';

export async function listEvents(db: Kysely<Database>, registry: string, query: EventListQuery) {
  const business = await requireBusiness(db, registry);
  const { items, total_count } = await repo.listEvents(db, business.id, query);
  return { events: items, total_count };
}

export async function eventStats(
  db: Kysely<Database>,
  registry: string,
  today: string = todayUtc(),
): Promise<EventStats> {
  return eventStatsOf(db, (await requireBusiness(db, registry)).id, today);
}

/** The stats of a business already looked up (also the business page's content stats). */
export async function eventStatsOf(
  db: Kysely<Database>,
  businessId: number,
  today: string = todayUtc(),
): Promise<EventStats> {
  const totals = await repo.eventTotals(db, businessId, today);
  const byStatus = await repo.eventStatusCounts(db, businessId);
  return { ...totals, events_by_status: countsBy(byStatus, EVENT_STATUSES) };
}

export async function eventStatuses(db: Kysely<Database>, registry: string | null) {
  const businessId = registry === null ? null : (await requireBusiness(db, registry)).id;
  return valueCountList(await repo.eventStatusCounts(db, businessId), EVENT_STATUSES);
}

export async function getEvent(db: Kysely<Database>, id: number) {
  const event = await repo.findEvent(db, id);
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  return event;
}
