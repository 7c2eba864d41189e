import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { portalSizeReport } from '../../scripts/portal-size.ts';
import { zodWithoutJsonSchema } from '../../scripts/zod-without-json-schema.ts';

// In development the API runs on :3000; these prefixes go to it, everything else is the portal.
const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';
const apiPrefixes = ['/auth', '/admin/', '/master/', '/public/', '/health', '/docs'];
const proxy = Object.fromEntries(
  apiPrefixes.map((prefix) => [
    prefix,
    {
      target: API_TARGET,
      // Portal pages such as /admin-dashboard or /master/admin-registration stay with Vite.
      bypass: (req: { headers: { accept?: string } }) =>
        req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
    },
  ]),
);

// React Router's package points every condition at its development build (warnings and checks
// included); production builds take its production build instead.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes file.br and file.gz next to each text file, so the server sends them without compressing
 * on every request (apps/server/src/http/static-portal.ts picks one by Accept-Encoding). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes('/.vite/')) continue;
        const body = readFileSync(file);
        const gzip = gzipSync(body, { level: 9 });
        const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
        if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [zodWithoutJsonSchema(), react(), tailwindcss(), precompress(), portalSizeReport()],
  server: { port: 5173, proxy },
  // The manifest lets scripts/portal-size.ts follow each route's chunks.
  // No modulepreload polyfill: every browser the portal supports has modulepreload.
  build: { outDir: 'dist', sourcemap: false, manifest: true, modulePreload: { polyfill: false } },
}));
