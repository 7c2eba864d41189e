// What every route module is given: the database, configuration, secrets, mail.
import type { Kysely } from 'kysely';
import type { Secrets } from '../auth/secrets.ts';
import type { TokenSettings } from '../auth/session.service.ts';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ImportWorker } from '../modules/business-import/import-worker.ts';
import type { WebhookCounters } from './metrics.ts';

export interface AppContext {
  db: Kysely<Database>;
  /** Reads that may come from a replica (DatabaseHandle.readDb); writes and their reads use db. */
  readDb: Kysely<Database>;
  handle: DatabaseHandle;
  config: AppConfig;
  secrets: Secrets;
  tokens: TokenSettings;
  mailer: Mailer;
  /** The payment webhooks' Prometheus counters (no-ops when metrics are off). */
  webhookCounters: WebhookCounters;
  /** This process's import worker, when IMPORT_POLL_MS turns it on. */
  importWorker?: ImportWorker;
}
