// The e2e suite drives Debian's Chromium; install it when missing and we may (root, apt-get).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    process.stderr.write(`Chromium not found at ${CHROMIUM}. Install it: sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
  process.stdout.write('Installing Chromium from Debian packages...\n');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
