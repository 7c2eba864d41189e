// /admin|master/business-services/api/v1/business-services (SPEC §7 "Services").
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import { ServiceListQuery } from '@portal/contract/services';
import { contentFamilyRoutes } from '../content-common/content-routes.ts';
import * as services from './services.service.ts';

export const serviceRoutes = contentFamilyRoutes(['service', 'services'], {
  list: { query: ServiceListQuery, response: R.ServiceListResponse, load: services.listServices },
  stats: { response: R.ServiceStatsResponse, of: services.serviceStatsOf },
  valueCounts: { categories: services.serviceCategories, 'price-types': services.servicePriceTypes },
  byId: { message: MSG.serviceIdRequired, response: R.ServiceResponse, load: services.getService },
});
