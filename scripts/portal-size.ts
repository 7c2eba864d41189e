// What each portal route makes the browser download, gzipped: the entry from index.html
// with its static imports, plus the lazy chunks that route really loads (the signed-in shell and the
// tab's screen), each with its own static imports. Run by `vite build` (the plugin below) or alone:
// `npx tsx scripts/portal-size.ts [apps/web/dist]`.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: string;
  jsGzip: number;
  cssGzip: number;
  jsBrotli: number;
  files: number;
}

const STAFF_SHELL = 'src/app/staff-shell.tsx';
const SCREEN = /^src\/features\/([^/]+)\/components\/[^/]+-screen\.tsx$/;

/** Where each screen is opened (SPEC §2); a screen missing here is shown by its folder name. */
const SCREEN_ROUTES: Record<string, string> = {
  directory: '/admin-dashboard?tab=buscar',
  content: '/admin-dashboard?tab=contenido',
  subscriptions: '/admin-dashboard?tab=suscripciones',
  access: '/admin-dashboard?tab=acceso',
  'register-business': '/admin-dashboard?tab=registrar',
  'admin-registration': '/admin-dashboard?tab=registrar-admin',
  'admin-approval': '/admin-dashboard?tab=aprobar-admins',
  'registration-history': '/admin-registration-history',
  audit: '/admin-dashboard?tab=auditoria',
};

/** Every file a chunk pulls in before it runs: itself, its static imports (recursively) and their CSS. */
function collect(manifest: Manifest, key: string, files: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files);
}

function measure(outDir: string, route: string, files: Set<string>): RouteSize {
  const size = { route, jsGzip: 0, cssGzip: 0, jsBrotli: 0, files: files.size };
  for (const file of files) {
    const body = readFileSync(join(outDir, file));
    const gzip = gzipSync(body, { level: 9 }).length;
    if (file.endsWith('.css')) size.cssGzip += gzip;
    else {
      size.jsGzip += gzip;
      size.jsBrotli += brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
    }
  }
  return size;
}

export function routeSizes(outDir: string): RouteSize[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const filesOf = (...keys: string[]) => {
    const files = new Set<string>();
    for (const key of [entry, ...keys]) collect(manifest, key, files);
    return files;
  };
  const sizes = [measure(outDir, 'login  /', filesOf())];
  const screens = Object.keys(manifest)
    .map((key) => ({ key, folder: SCREEN.exec(key)?.[1] }))
    .filter((screen): screen is { key: string; folder: string } => Boolean(screen.folder))
    .sort((a, b) => (a.folder === 'directory' ? -1 : b.folder === 'directory' ? 1 : 0));
  for (const { key, folder } of screens) {
    const route = `${folder}  ${SCREEN_ROUTES[folder] ?? ''}`.trim();
    sizes.push(measure(outDir, route, filesOf(STAFF_SHELL, key)));
  }
  return sizes;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatRouteSizes(sizes: RouteSize[]): string {
  const width = Math.max(...sizes.map((size) => size.route.length));
  const lines = sizes.map(
    (size) =>
      `  ${size.route.padEnd(width)}  JS ${kb(size.jsGzip).padStart(9)} gzip (${kb(size.jsBrotli)} br)` +
      `  CSS ${kb(size.cssGzip).padStart(8)} gzip  ${size.files} files`,
  );
  return ['What each route downloads on a cold visit:', ...lines].join('\n');
}

/** Vite plugin: prints the table after every production build. */
export function portalSizeReport() {
  let outDir = 'dist';
  return {
    name: 'portal-size-report',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      console.log(`\n${formatRouteSizes(routeSizes(outDir))}\n`);
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  console.log(formatRouteSizes(routeSizes(resolve(process.argv[2] ?? 'apps/web/dist'))));
}
