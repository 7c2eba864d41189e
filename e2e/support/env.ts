// What scripts/e2e.mjs tells the tests about the servers it started.
export const MASTER_IDENTIFIER = process.env.E2E_MASTER_IDENTIFIER ?? 'master';
export const MASTER_PASSWORD = process.env.E2E_MASTER_PASSWORD ?? '';
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const SHORT_JWT_BASE_URL = process.env.E2E_SHORT_JWT_BASE_URL ?? BASE_URL;
/** A server of its own for imports of thousands of rows, which hold the embedded database for seconds. */
export const IMPORTS_BASE_URL = process.env.E2E_IMPORTS_BASE_URL ?? BASE_URL;
/** A server started with the demo data set (SEED_DEMO): read its data through the API, change only what a test creates. */
export const SEEDED_BASE_URL = process.env.E2E_SEEDED_BASE_URL ?? BASE_URL;
/** The main server's STRIPE_WEBHOOK_SECRET: the payment webhook spec signs its events with it. */
export const STRIPE_WEBHOOK_SECRET = process.env.E2E_STRIPE_WEBHOOK_SECRET ?? '';
