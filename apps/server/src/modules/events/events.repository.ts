import type { EventListQuery, EventStats } from '@portal/contract/events';
import { BusinessEvent } from '@portal/contract/responses';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';
import { matchesSearch, pagedList } from '../content-common/list-query.ts';
import { valueCounts } from '../content-common/stats.ts';

const COLUMNS = recordColumns('events', BusinessEvent);

/**
 * One business's events, `today` (YYYY-MM-DD) splitting them: the upcoming ones first, soonest
 * first, then the past ones, latest first, so that a page of 100 holds what is coming up.
 */
export function listEvents(db: Kysely<Database>, businessId: number, q: EventListQuery, today: string) {
  const where = (eb: ExpressionBuilder<Database, 'events'>) => {
    const conditions: Expression<SqlBool>[] = [eb('business_id', '=', businessId)];
    if (q.event_status) conditions.push(eb('event_status', '=', q.event_status));
    if (q.event_visible !== undefined) conditions.push(eb('event_visible', '=', q.event_visible));
    if (q.date_from) conditions.push(sql<SqlBool>`event_date >= ${q.date_from}::date`);
    if (q.date_to) conditions.push(sql<SqlBool>`event_date <= ${q.date_to}::date`);
    if (q.min_price !== undefined) conditions.push(eb('event_price', '>=', q.min_price));
    if (q.max_price !== undefined) conditions.push(eb('event_price', '<=', q.max_price));
    if (q.has_location !== undefined) {
      conditions.push(
        q.has_location
          ? sql<SqlBool>`nullif(btrim(event_location), '') is not null`
          : sql<SqlBool>`nullif(btrim(event_location), '') is null`,
      );
    }
    if (q.has_guest_limit !== undefined) {
      conditions.push(eb('event_guest_limit', q.has_guest_limit ? 'is not' : 'is', null));
    }
    if (q.search)
      conditions.push(matchesSearch(['event_title', 'event_description', 'event_location'], q.search));
    return eb.and(conditions);
  };
  const query = db
    .selectFrom('events')
    .select(COLUMNS)
    .where(where)
    .orderBy(sql`event_date < ${today}::date`)
    // Days away from today: the soonest upcoming and the latest past come first on each side.
    .orderBy(sql`abs(event_date - ${today}::date)`)
    .orderBy('event_id');
  return pagedList(query, q.limit, q.offset);
}

export function findEvent(db: Kysely<Database>, id: number) {
  return db.selectFrom('events').select(COLUMNS).where('event_id', '=', id).executeTakeFirst();
}

/**
 * Totals as of `today` (YYYY-MM-DD): upcoming is today or later; months are calendar months.
 * The text starts with `select`, so the pool prepares it (postgres-pool.ts isPreparable).
 */
export const eventTotalsQuery = (businessId: number, today: string) =>
  sql<Omit<EventStats, 'events_by_status'>>`
    select count(*) as total_events,
           count(*) filter (where event_visible) as visible_events,
           count(*) filter (where not event_visible) as hidden_events,
           count(*) filter (where event_date >= ${today}::date) as upcoming_events,
           count(*) filter (where event_date < ${today}::date) as past_events,
           count(*) filter (where event_date >= month_start
                              and event_date < (month_start + interval '1 month')::date) as events_this_month,
           count(*) filter (where event_date >= (month_start + interval '1 month')::date
                              and event_date < (month_start + interval '2 months')::date) as events_next_month,
           coalesce(round(avg(event_cost), 2), 0) as average_event_cost,
           coalesce(round(avg(event_price), 2), 0) as average_event_price,
           coalesce(sum(event_price) filter (where event_status <> 'cancelled'), 0) as total_revenue
      from events, (select date_trunc('month', ${today}::date)::date as month_start) as bounds
     where business_id = ${businessId}`;

export async function eventTotals(db: Kysely<Database>, businessId: number, today: string) {
  const { rows } = await eventTotalsQuery(businessId, today).execute(db);
  return rows[0];
}

/** Events per status, for one business or (businessId null) all of them. */
export const eventStatusCounts = (db: Kysely<Database>, businessId: number | null) =>
  valueCounts(db, 'events', 'event_status', businessId);
