// The portal's imports point one way: app (shell, routes, session sync) uses everything; a feature
// uses ui, lib, api and session but no other feature; api may read the session store; session is
// storage and store only. Read from the source text, so a new file is checked with no list to edit.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]*)['"]/g;

/** Every relative import of the portal as [importing file, imported file], both relative to src/. */
function imports(): [string, string][] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map(
      ([, specifier]) =>
        [relative(SRC, file), relative(SRC, resolve(dirname(file), specifier!))] as [string, string],
    ),
  );
}

/** 'features/<screen>' for a feature's files, otherwise the top folder under src/ ('api', 'session'...). */
function area(path: string): string {
  const [top, second] = path.split('/');
  return top === 'features' && second ? `features/${second}` : (top ?? '');
}

const isFeature = (area: string) => area.startsWith('features/');

/** What each area may not import; a feature may import none of the other features. */
function breaks(from: string, to: string): boolean {
  if (from === to) return false;
  if (from === 'session') return to === 'api' || to === 'app' || isFeature(to);
  if (from === 'api') return to === 'app' || isFeature(to);
  if (from === 'ui' || from === 'lib') return isFeature(to);
  if (isFeature(from)) return isFeature(to);
  return false;
}

describe('import direction in the portal', () => {
  it('the scan sees the imports it judges', () => {
    const found = imports();
    expect(found).toContainEqual(['app/session-sync.ts', 'api/auth-api.ts']);
    expect(found.some(([from]) => isFeature(area(from)))).toBe(true);
  });

  it('session imports no API, app or feature; api no app or feature; ui and lib no feature; no feature another', () => {
    const wrong = imports()
      .filter(([from, to]) => breaks(area(from), area(to)))
      .map(([from, to]) => `${from} → ${to}`);
    expect(wrong).toEqual([]);
  });

  it('would catch each kind of wrong arrow', () => {
    expect(breaks('session', 'api')).toBe(true);
    expect(breaks('api', 'app')).toBe(true);
    expect(breaks('ui', 'features/directory')).toBe(true);
    expect(breaks('features/directory', 'features/content')).toBe(true);
    expect(breaks('api', 'session')).toBe(false);
    expect(breaks('app', 'features/directory')).toBe(false);
  });
});
