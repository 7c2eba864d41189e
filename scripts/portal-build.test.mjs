// `npm start` shows one line for the portal's build, not Vite's ~80-line listing, so the master
// password line and the address to open stay the last things on the screen.
import { describe, expect, it } from 'vitest';
import { buildPortalQuietly } from './portal-build.mjs';

// What `vite build` printed for this portal (shortened paths), repeated to the usual length.
const VITE_OUTPUT = [
  '> @portal/web@0.0.0 build',
  '> vite build',
  'vite v8.3.8 building client environment for production...',
  '✓ 2627 modules transformed.',
  ...Array.from(
    { length: 80 },
    (_, i) => `dist/assets/chunk-${i}-CvcfHcVx.js             6.23 kB │ gzip:  2.52 kB`,
  ),
  '✓ built in 5.15s',
  'What each route downloads on a cold visit:',
  '  login  /      JS   89.9 KB gzip (78.0 KB br)  CSS   8.4 KB gzip  2 files',
].join('\n');

/** A stand-in for `npm run build -w apps/web`: prints `text`, exits with `status`. */
const fakeBuild = (text, status = 0) => [
  process.execPath,
  ['-e', `process.stdout.write(${JSON.stringify(text)}); process.exit(${status})`],
];

describe("npm start's build of the portal", () => {
  it('prints one summary line instead of the listing', () => {
    const written = [];
    const status = buildPortalQuietly({
      cwd: process.cwd(),
      command: fakeBuild(VITE_OUTPUT),
      write: (text) => written.push(text),
    });
    expect(status).toBe(0);
    const lines = written.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Portal construido: 80 archivos');
    expect(lines[0]).not.toContain('kB');
  });

  it('shows the whole output of a failed build and returns its status', () => {
    const written = [];
    const status = buildPortalQuietly({
      cwd: process.cwd(),
      command: fakeBuild('error TS2304: Cannot find name "x".\n', 2),
      write: (text) => written.push(text),
    });
    expect(status).toBe(2);
    expect(written.join('')).toContain('error TS2304: Cannot find name "x".');
  });
});
