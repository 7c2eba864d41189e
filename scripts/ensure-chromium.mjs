// The e2e suite drives Debian's Chromium headless shell: the same Chromium build without the
// browser's window, GPU process and UI pages: a test takes a quarter less time. Lighthouse and
// screenshots for review use the full browser. Installs whichever is missing when we may (root,
// apt-get); without root, either one is enough for the suite (playwright.config.ts picks).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = {
  chromium: '/usr/bin/chromium',
  'chromium-headless-shell': '/usr/bin/chromium-headless-shell',
};
const missing = Object.keys(PACKAGES).filter((name) => !existsSync(PACKAGES[name]));

if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    if (missing.length === Object.keys(PACKAGES).length) {
      process.stderr.write(
        'Chromium not found. Install it: sudo apt-get install -y chromium chromium-headless-shell\n',
      );
      process.exit(1);
    }
  } else {
    process.stdout.write(`Installing ${missing.join(' and ')} from Debian packages...\n`);
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', ...missing],
    ]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}
