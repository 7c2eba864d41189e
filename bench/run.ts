// `npm run bench`: runs every bench/*.bench.ts in name order. A bench file either does its work
// when imported or exports a default async function; it prints figures and never asserts a time.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  const mod: { default?: unknown } = await import(pathToFileURL(join(dir, file)).href);
  if (typeof mod.default === 'function') await (mod.default as () => Promise<void>)();
}
