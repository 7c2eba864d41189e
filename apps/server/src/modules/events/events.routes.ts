// /admin|master/business-events/api/v1/business-events (SPEC §7 "Events").
import { EventListQuery } from '@portal/contract/events';
import { idParams } from '@portal/contract/ids';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import { contentFamilyRoutes, itemRoute } from '../content-common/content-routes.ts';
import * as events from './events.service.ts';

export const eventRoutes = contentFamilyRoutes({
  family: 'business-events',
  noun: ['event', 'events'],
  list: { query: EventListQuery, response: R.EventListResponse, load: events.listEvents },
  stats: { response: R.EventStatsResponse, load: (db, registry) => events.eventStats(db, registry) },
  valueCounts: [{ path: 'statuses', summary: 'Event statuses', load: events.eventStatuses }],
  items: [
    itemRoute({
      path: '/event/:id',
      params: idParams(MSG.eventIdRequired),
      response: R.EventResponse,
      load: (db, { id }) => events.getEvent(db, id),
    }),
  ],
});
