// /admin|master/business-page/api/v1/business-page (issue #23, beyond SPEC): what the portal's
// business page (/negocios/:registro) needs that SPEC §7 has no single call for. Its audit section
// reads the staff audit list (master only) with its `registry` filter; the other sections reuse
// their families' calls.
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as page from './business-page.service.ts';

export const businessPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { get } = staffRoutes(app);
  familyHealth(app, 'business-page');
  const params = RegistryParams;
  const firstPaint =
    "A business page's first paint: the business, its locations, content counts and subscription";

  get('/registry/:registry', { summary: firstPaint, params, response: R.BusinessPageResponse }, (request) =>
    page.businessPage(ctx.readDb, request.params.registry),
  );

  get(
    '/registry/:registry/content-stats',
    {
      summary: "The stats of a business's products, services, employees and events",
      params,
      response: R.BusinessContentStatsResponse,
    },
    async (request) => ({ stats: await page.contentStats(ctx.readDb, request.params.registry) }),
  );
};
