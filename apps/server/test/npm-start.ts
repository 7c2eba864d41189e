// What a test that runs `npm start` as a real process needs (main.test.ts, main-banner.test.ts):
// a temporary folder with a stub portal build and the data directory, a free port, and the
// environment for a fresh embedded database with a generated master password and JWT secret.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-processes.ts';

/** The repository root, where `npm start` runs. */
export const ROOT = join(import.meta.dirname, '../../..');

export async function npmStartSetup(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const web = join(dir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  const port = await freePort();
  const env = {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: '',
    MASTER_PASSWORD: '',
    JWT_SECRET: '',
    WEB_DIST: web,
    LOG_LEVEL: 'info',
  };
  return { dir, port, env };
}
