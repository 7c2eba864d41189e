// /admin|master/business-page/api/v1/business-page (issue #23, beyond SPEC): what the portal's
// business page (/negocios/:registro) needs that SPEC §7 has no single call for. Its audit section
// reads the staff audit list (master only) with its `registry` filter; the other sections reuse
// their families' calls.
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as page from './business-page.service.ts';

const access = { access: 'staff' } as const;

export const businessPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-page');

  r.get(
    '/registry/:registry',
    {
      config: access,
      schema: {
        summary:
          "A business page's first paint: the business, its locations, content counts and subscription",
        params: RegistryParams,
        response: { 200: R.BusinessPageResponse },
      },
    },
    async (request) => ({ success: true, ...(await page.businessPage(ctx.db, request.params.registry)) }),
  );

  r.get(
    '/registry/:registry/content-stats',
    {
      config: access,
      schema: {
        summary: "The stats of a business's products, services, employees and events",
        params: RegistryParams,
        response: { 200: R.BusinessContentStatsResponse },
      },
    },
    async (request) => ({
      success: true,
      stats: await page.contentStats(ctx.db, request.params.registry),
    }),
  );
};
