// /admin|master/business-events/api/v1/business-events (SPEC §7 "Events").
import { EventListQuery } from '@portal/contract/events';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import { contentFamilyRoutes } from '../content-common/content-routes.ts';
import * as events from './events.service.ts';

export const eventRoutes = contentFamilyRoutes(['event', 'events'], {
  list: { query: EventListQuery, response: R.EventListResponse, load: events.listEvents },
  stats: { response: R.EventStatsResponse, of: events.eventStatsOf },
  valueCounts: { statuses: events.eventStatuses },
  byId: { message: MSG.eventIdRequired, response: R.EventResponse, load: events.getEvent },
});
