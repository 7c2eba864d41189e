#!/usr/bin/env node
// `npm run test:e2e`: build the portal, start real servers on fresh embedded databases, run Playwright
// in Debian's Chromium, stop the servers, exit with Playwright's code.
// Four servers: the main one (empty), a seeded one (SEED_DEMO: 200 businesses with content,
// subscriptions and history), one whose JWTs live 3 s for the refresh-and-retry test, and one for
// the imports of thousands of rows, which hold the embedded database for seconds at a time (on the
// main one they made the other specs' requests of those moments time out). All of them send their
// mail to one SMTP sink run here; the specs read it at E2E_MAIL_INBOX_URL.
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- e2e/login.spec.ts`).
// E2E_SKIP_BUILD=1 reuses the last build. E2E_WEB_DIST=/abs/dir builds into (and serves) that folder
// instead of apps/web/dist, so that two people can run the suite side by side.
import { spawn, spawnSync } from 'node:child_process';
import { startPortalServer, stopPortalServer } from './lib/portal-server.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const MASTER_IDENTIFIER = 'master';
const MASTER_PASSWORD = 'E2e-Master-Clave#2026';
// The main server takes Stripe webhooks signed with this (e2e/payment-webhooks.spec.ts).
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_portal_webhooks_0123456789';
// A loaded machine may need longer (E2E_HEALTH_TIMEOUT_MS).
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS) || 180_000;
const WEB_DIST = process.env.E2E_WEB_DIST || undefined;

async function startServer(name, smtpUrl, extraEnv = {}) {
  const server = await startPortalServer({
    name: `e2e-${name}`,
    healthTimeoutMs: HEALTH_TIMEOUT_MS,
    env: {
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      MASTER_IDENTIFIER,
      MASTER_PASSWORD,
      JWT_SECRET: '',
      LOG_LEVEL: 'warn',
      ...(WEB_DIST ? { WEB_DIST } : {}),
      // Every mail goes to the harness's sink, where the specs read it (e2e/support/mailbox.ts).
      SMTP_URL: smtpUrl,
      // Every test signs in from 127.0.0.1: the per-IP limits would trip on the suite itself.
      LOGIN_IP_LIMIT: '0',
      PUBLIC_RATE_LIMIT: '0',
      ...extraEnv,
    },
  });
  process.stdout.write(`[e2e] ${name} server ready at ${server.url}\n`);
  return server;
}

/** Playwright with the servers' addresses; resolves with its exit code (the sink keeps answering meanwhile). */
function runPlaywright(env) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const outDir = WEB_DIST ? ['--', '--outDir', WEB_DIST, '--emptyOutDir'] : [];
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', ...outDir], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) return build.status ?? 1;
  }

  const sink = await startSmtpSink();
  let main;
  let seeded;
  let shortLived;
  let imports;
  const stopAll = () =>
    Promise.all([
      stopPortalServer(main),
      stopPortalServer(seeded),
      stopPortalServer(shortLived),
      stopPortalServer(imports),
      sink.close(),
    ]);
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    // allSettled: when one server fails to start, the others are still known and stopped below.
    const started = await Promise.allSettled([
      startServer('main', sink.smtpUrl, { STRIPE_WEBHOOK_SECRET }),
      startServer('seeded', sink.smtpUrl, { SEED_DEMO: 'true' }),
      startServer('short-jwt', sink.smtpUrl, { JWT_TTL_SECONDS: '3' }),
      startServer('imports', sink.smtpUrl),
    ]);
    [main, seeded, shortLived, imports] = started.map((result) =>
      result.status === 'fulfilled' ? result.value : undefined,
    );
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return await runPlaywright({
      E2E_BASE_URL: main.url,
      E2E_SEEDED_BASE_URL: seeded.url,
      E2E_SHORT_JWT_BASE_URL: shortLived.url,
      E2E_IMPORTS_BASE_URL: imports.url,
      E2E_MAIL_INBOX_URL: sink.inboxUrl,
      E2E_MASTER_IDENTIFIER: MASTER_IDENTIFIER,
      E2E_MASTER_PASSWORD: MASTER_PASSWORD,
      E2E_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    });
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`[e2e] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
