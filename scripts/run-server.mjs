// Runs one of the server's entry points in this very process (no child: signals reach the server
// itself). The built JavaScript (apps/server/dist, `npm run build`) with NODE_ENV=production or when
// tsx is not installed (`npm ci --omit=dev`); the TypeScript sources through tsx otherwise.
// CLI: `node scripts/run-server.mjs <entry> [args...]`, entry = main | migrate-cli | backup-cli |
// move-to-postgres-cli | restore-archive-cli.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const server = new URL('../apps/server', import.meta.url).pathname;
const SOURCES = {
  main: 'src/main.ts',
  'migrate-cli': 'src/db/migrate-cli.ts',
  'backup-cli': 'src/db/backup-cli.ts',
  'move-to-postgres-cli': 'src/db/move-to-postgres-cli.ts',
  'restore-archive-cli': 'src/db/restore-archive-cli.ts',
};

async function tsxRegister() {
  try {
    return (await import('tsx/esm/api')).register;
  } catch {
    return undefined;
  }
}

export async function runServerEntry(entry) {
  const source = SOURCES[entry];
  if (!source) throw new Error(`unknown server entry "${entry}" (${Object.keys(SOURCES).join(', ')})`);
  const register = process.env.NODE_ENV === 'production' ? undefined : await tsxRegister();
  if (register) {
    register();
    await import(pathToFileURL(join(server, source)).href);
    return;
  }
  const built = join(server, 'dist', `${entry}.js`);
  if (!existsSync(built)) {
    process.stderr.write(`The server is not built (${built} is missing): run \`npm run build\` first.\n`);
    process.exit(1);
  }
  await import(pathToFileURL(built).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [entry] = process.argv.splice(2, 1); // the entry sees its own arguments from argv[2]
  await runServerEntry(entry);
}
