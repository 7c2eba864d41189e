#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (with Debian's Chromium) on the login page and on the signed-in
// directory, with the desktop preset and the default mobile one (slow 4G, 4x CPU), against the built
// portal served by a production-mode server on a fresh embedded database with the demo data.
// Prints the median of LIGHTHOUSE_RUNS runs (default 3) per page and preset.
// WEB_DIST=/abs/dir measures that build; otherwise apps/web is built into a temporary folder.
// LIGHTHOUSE_PAGES=login,directory picks pages; LIGHTHOUSE_JSON_DIR=/dir keeps each run's full report.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { startPortalServer, stopPortalServer } from './lib/portal-server.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const MASTER_IDENTIFIER = 'master';
const MASTER_PASSWORD = `Lh-${randomBytes(9).toString('base64url')}#1`;

function buildPortal() {
  if (process.env.WEB_DIST) return { dir: process.env.WEB_DIST, temporary: false };
  const dir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-web-'));
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', dir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) throw new Error('the portal build failed');
  return { dir, temporary: true };
}

function startServer(webDist) {
  return startPortalServer({
    name: 'lighthouse',
    healthTimeoutMs: 120_000,
    env: {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      MASTER_IDENTIFIER,
      MASTER_PASSWORD,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT: '0',
    },
  });
}

/** The localStorage entries the portal writes after a master sign-in (SPEC §3). */
async function masterSession(url) {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MASTER_IDENTIFIER, password: MASTER_PASSWORD }),
  });
  const answer = await response.json();
  if (!answer.jwt) throw new Error(`master sign-in failed: ${JSON.stringify(answer)}`);
  return {
    user: JSON.stringify({
      adminId: null,
      email: 'Master User',
      sessionId: answer.session_id,
      expiresAt: answer.expires_at,
      loginType: 'master',
      ipAddress: answer.ip_address ?? null,
    }),
    loginType: 'master',
    masterKey: answer.master_key ?? '',
    jwt: answer.jwt,
  };
}

async function audit(chrome, url, { desktop, session }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  try {
    if (session) {
      // Stored from a JSON answer of the same origin, so the portal's files stay out of the cache.
      await page.goto(`${url.origin}/health`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, session);
    }
    const flags = {
      onlyCategories: ['performance', 'accessibility'],
      // Keep the session just stored; the HTTP cache is still cold (nothing of the portal was loaded).
      disableStorageReset: Boolean(session),
      logLevel: 'error',
    };
    const result = await lighthouse(url.href, flags, desktop ? desktopConfig : undefined, page);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    if (process.env.LIGHTHOUSE_JSON_DIR) {
      const name = `${url.pathname === '/' ? 'login' : 'directory'}-${desktop ? 'desktop' : 'mobile'}-${Date.now()}.json`;
      writeFileSync(join(process.env.LIGHTHOUSE_JSON_DIR, name), JSON.stringify(result.lhr));
    }
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      finalUrl: result.lhr.finalDisplayedUrl,
    };
  } finally {
    await page.close();
    browser.disconnect();
  }
}

/** Lighthouse asks for a new run when Chromium's trace missed the navigation (NO_NAVSTART); one flaky
 * trace should not end a long measurement, so such a run is repeated (twice at most). */
async function auditWithRetry(chrome, url, options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(chrome, url, options);
    } catch (error) {
      if (attempt >= 3 || !String(error?.message).includes('NO_NAVSTART')) throw error;
      console.error(`Lighthouse: ${error.message}; running it again`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function summarise(runs) {
  const pick = (key) => median(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    finalUrl: runs[0].finalUrl,
  };
}

async function main() {
  const web = buildPortal();
  const server = await startServer(web.dir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const session = await masterSession(server.url);
    const pages = [
      { name: 'login', url: new URL('/', server.url), session: null },
      { name: 'directory', url: new URL('/admin-dashboard?tab=buscar', server.url), session },
    ];
    const rows = [];
    const wanted = (process.env.LIGHTHOUSE_PAGES ?? 'login,directory').split(',');
    for (const target of pages.filter((candidate) => wanted.includes(candidate.name))) {
      for (const desktop of [true, false]) {
        const runs = [];
        for (let i = 0; i < RUNS; i += 1)
          runs.push(await auditWithRetry(chrome, target.url, { desktop, session: target.session }));
        const score = summarise(runs);
        if (!new URL(score.finalUrl).pathname.startsWith(target.url.pathname)) {
          throw new Error(`${target.name} ended on ${score.finalUrl}`);
        }
        rows.push({ page: target.name, preset: desktop ? 'desktop' : 'mobile', ...score });
      }
    }
    const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'));
    console.log(`Lighthouse ${version}, median of ${RUNS} run(s), ${CHROME_PATH}`);
    console.log('| page | preset | performance | accessibility | FCP | LCP | TBT | CLS |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.page} | ${row.preset} | ${row.performance} | ${row.accessibility} | ` +
          `${(row.fcp / 1000).toFixed(1)} s | ${(row.lcp / 1000).toFixed(1)} s | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} |`,
      );
    }
  } finally {
    await chrome.kill();
    await stopPortalServer(server);
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
