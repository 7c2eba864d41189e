// /admin|master/business-services/api/v1/business-services (SPEC §7 "Services").
import { idParams } from '@portal/contract/ids';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import { ServiceListQuery } from '@portal/contract/services';
import { contentFamilyRoutes, itemRoute } from '../content-common/content-routes.ts';
import * as services from './services.service.ts';

export const serviceRoutes = contentFamilyRoutes({
  family: 'business-services',
  noun: ['service', 'services'],
  list: { query: ServiceListQuery, response: R.ServiceListResponse, load: services.listServices },
  stats: { response: R.ServiceStatsResponse, load: services.serviceStats },
  valueCounts: [
    { path: 'categories', summary: 'Service categories', load: services.serviceCategories },
    { path: 'price-types', summary: 'Service price types', load: services.servicePriceTypes },
  ],
  items: [
    itemRoute({
      path: '/service/:id',
      params: idParams(MSG.serviceIdRequired),
      response: R.ServiceResponse,
      load: (db, { id }) => services.getService(db, id),
    }),
  ],
});
