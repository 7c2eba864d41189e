// /admin|master/business-page/api/v1/business-page (beyond SPEC): what the portal's
// business page (/negocios/:registro) needs that SPEC §7 has no single call for. Its audit section
// reads the staff audit list (master only) with its `registry` filter; the other sections reuse
// their families' calls. POST …/owner-access/retry sends again an owner's temporary-password mail
// that failed on every try (docs/business-import.md, "The owners' access mails").
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as page from './business-page.service.ts';

export const businessPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { get, post } = staffRoutes(app);
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

  // A write: on the primary (ctx.db); read-routing.ts has the caller's next reads include it.
  post(
    '/registry/:registry/owner-access/retry',
    {
      summary:
        "Send again the owner's temporary-password mail that failed on every try (409 when the latest mail is not failed)",
      params,
      response: R.BusinessOwnerAccessRetryResponse,
    },
    (request) =>
      page.retryOwnerAccess(ctx, request.params.registry, actorOf(request), (error) =>
        request.log.error({ err: error }, 'temporary password mail failed'),
      ),
  );
};
