// `npm run build` (second half): the server as plain JavaScript in apps/server/dist, so production
// runs `node` on it with nothing from devDependencies. @portal/contract (TypeScript source) is
// bundled in; every other package stays an import resolved from node_modules at run time. Each
// entry is one file directly in dist/, next to the SQL migrations it reads (dist/migrations).
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const server = new URL('../apps/server', import.meta.url).pathname;
const dist = join(server, 'dist');

/** Bare imports stay external, except our own workspace packages (TypeScript, not built). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(server, 'src/main.ts'),
    'migrate-cli': join(server, 'src/db/migrate-cli.ts'),
    'backup-cli': join(server, 'src/db/backup-cli.ts'),
    'move-to-postgres-cli': join(server, 'src/db/move-to-postgres-cli.ts'),
    'restore-archive-cli': join(server, 'src/db/restore-archive-cli.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(join(server, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
process.stdout.write(`server built in ${dist}\n`);
