// Read config, open the database, migrate, listen; finish in-flight requests on SIGTERM/SIGINT.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadSecrets } from './auth/secrets.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { seedDatabase } from './db/seed/seed.ts';

const DEFAULT_WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const DEMO_BUSINESSES = 200;

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config);
  const applied = await migrate(handle);
  const freshEmbedded = handle.kind === 'pglite' && applied.includes('001_extensions_and_helpers');
  const secrets = await loadSecrets(handle.db, config);

  const app = await buildApp({
    handle,
    config: { ...config, webDist: config.webDist ?? DEFAULT_WEB_DIST },
    secrets,
    logger: {
      level: config.logLevel,
      // Readable lines for a person at a terminal; JSON lines for log collectors.
      ...(process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
      redact: ['req.headers.authorization', 'req.headers.jwt', 'req.headers["x-master-key"]'],
    },
  });

  if (config.seedDemo ?? freshEmbedded) {
    app.log.info(`seeding ${DEMO_BUSINESSES} demo businesses`);
    await seedDatabase(handle, { businesses: DEMO_BUSINESSES, seed: 1, log: (line) => app.log.info(line) });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host}:${config.port}`;
  const banner = [
    '',
    '  Portal de Administración',
    `  Abra ${url} en su navegador.`,
    `  Acceso maestro: identificador "${config.masterIdentifier}"`,
  ];
  if (secrets.generatedMasterPassword) {
    banner.push(
      `  Contraseña maestra (generada, se muestra una sola vez): ${secrets.generatedMasterPassword}`,
      '  Guárdela ahora, o defina MASTER_PASSWORD para elegir la suya.',
    );
  } else if (!config.masterPassword) {
    banner.push('  Contraseña maestra: la generada en el primer arranque (o defina MASTER_PASSWORD).');
  }
  process.stdout.write(`${banner.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
