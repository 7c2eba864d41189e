// Read-only look-ups on the demo-data server (SEED_DEMO) for the axe and keyboard specs.
import { expect } from '@playwright/test';
import { SEEDED_BASE_URL } from './env.ts';
import { masterApi } from './staff.ts';

const BUSINESSES = '/master/business-data/api/v1/business-data';
const SUBSCRIPTIONS = '/master/business-subscriptions/api/v1/business-subscriptions/registry';
const PRODUCTS = '/master/business-products/api/v1/business-products/registry';

export interface SeededBusiness {
  registry: string;
  name: string;
}

/** A seeded business with a subscription, billing history and products: every section has data. */
export async function seededBusinessWithEverything(): Promise<SeededBusiness> {
  const { api, headers } = await masterApi(SEEDED_BASE_URL);
  try {
    const list = await api.get(`${BUSINESSES}?limit=60`, { headers });
    expect(list.status()).toBe(200);
    const { businesses } = (await list.json()) as {
      businesses: { business_registry_number: string; business_name: string }[];
    };
    for (const business of businesses) {
      const registry = business.business_registry_number;
      if ((await api.get(`${SUBSCRIPTIONS}/${registry}`, { headers })).status() !== 200) continue;
      const history = await api.get(`${SUBSCRIPTIONS}/${registry}/history`, { headers });
      if (((await history.json()) as { history: unknown[] }).history.length === 0) continue;
      const products = await api.get(`${PRODUCTS}/${registry}?limit=1`, { headers });
      if (((await products.json()) as { total_count: number }).total_count === 0) continue;
      return { registry, name: business.business_name };
    }
    throw new Error('the demo data has no business with a subscription, billing history and products');
  } finally {
    await api.dispose();
  }
}
