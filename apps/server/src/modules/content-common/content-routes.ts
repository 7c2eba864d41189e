// The routes every content family (SPEC §7 products, services, employees, events) serves, written
// once: a business's list and stats, value counts per business and overall, and items by id.
// A family names its noun, schemas and service calls; the paths and summaries follow from the noun.
import type { ValueCount } from '@portal/contract/content-filters';
import { idParams } from '@portal/contract/ids';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import { requireBusiness } from './business-lookup.ts';

type Db = Kysely<Database>;

/** The value-count routes (`/statuses`, `/categories`, `/price-types`) and the key they answer under. */
const VALUE_COUNTS = {
  statuses: { key: 'statuses', response: R.StatusesResponse },
  categories: { key: 'categories', response: R.CategoriesResponse },
  'price-types': { key: 'price_types', response: R.PriceTypesResponse },
} as const;

/** e.g. employees.employeeStatuses: the counts of one business, or of all when registry is null. */
type ValueCountLoad = (db: Db, registry: string | null) => Promise<ValueCount[]>;

export interface ItemRoute<P> {
  path: string;
  summary?: string;
  params: z.ZodType<P>;
  response: z.ZodType;
  load: (db: Db, params: P) => Promise<unknown>;
}

export interface ContentFamily<Q> {
  list: {
    query: z.ZodType<Q>;
    response: z.ZodType;
    load: (db: Db, registry: string, query: Q) => Promise<object>;
  };
  /** The stats of a business already looked up (the business page's content stats call it too). */
  stats: { response: z.ZodType; of: (db: Db, businessId: number) => Promise<unknown> };
  valueCounts: Partial<Record<keyof typeof VALUE_COUNTS, ValueCountLoad>>;
  /** GET /<noun>/:id (or `path`), 400 with `message` when the id is not a positive integer. */
  byId: {
    message: string;
    response: z.ZodType;
    load: (db: Db, id: number) => Promise<unknown>;
    path?: string;
  };
  /** More item routes, registered before byId. */
  // biome-ignore lint/suspicious/noExplicitAny: each item route has its own params type
  items?: ItemRoute<any>[];
}

/** An item route whose params type follows from its schema. */
export const itemRoute = <P>(route: ItemRoute<P>): ItemRoute<P> => route;

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'An' : 'A');

export const contentFamilyRoutes =
  <Q>([one, many]: readonly [string, string], family: ContentFamily<Q>) =>
  (ctx: AppContext) =>
  async (app: FastifyInstance) => {
    familyHealth(app, `business-${many}`);
    const { get } = staffRoutes(app);
    const params = RegistryParams;

    get(
      '/registry/:registry',
      {
        summary: `A business's ${many}`,
        params,
        querystring: family.list.query,
        response: family.list.response,
      },
      (request) => family.list.load(ctx.readDb, request.params.registry, request.query),
    );
    get(
      '/registry/:registry/stats',
      { summary: `${capitalized(one)} statistics of a business`, params, response: family.stats.response },
      async (request) => {
        const business = await requireBusiness(ctx.readDb, request.params.registry);
        return { stats: await family.stats.of(ctx.readDb, business.id) };
      },
    );
    const valueCounts = Object.entries(family.valueCounts).map(([path, load]) => ({
      path,
      load: load as ValueCountLoad,
      summary: `${capitalized(one)} ${path.replace('-', ' ')}`,
      ...VALUE_COUNTS[path as keyof typeof VALUE_COUNTS],
    }));
    for (const { path, summary, load, key, response } of valueCounts) {
      get(
        `/registry/:registry/${path}`,
        { summary: `${summary} of a business with counts`, params, response },
        async (request) => ({
          [key]: await load(ctx.readDb, request.params.registry),
        }),
      );
    }
    for (const { path, summary, load, key, response } of valueCounts) {
      get(`/${path}`, { summary: `${summary} with counts`, response }, async () => ({
        [key]: await load(ctx.readDb, null),
      }));
    }
    const itemGet = <P>(item: ItemRoute<P>) =>
      get(
        item.path,
        {
          summary: item.summary ?? `${article(one)} ${one} by id`,
          params: item.params,
          response: item.response,
        },
        async (request) => ({ [one]: await item.load(ctx.readDb, request.params) }),
      );
    for (const item of family.items ?? []) itemGet(item);
    const { byId } = family;
    itemGet({
      path: byId.path ?? `/${one}/:id`,
      params: idParams(byId.message),
      response: byId.response,
      load: (db, { id }) => byId.load(db, id),
    });
  };
