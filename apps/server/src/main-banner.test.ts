// The first `npm start` at a terminal: the generated master password and then the address to open
// are the last lines on the screen, after every log line (the demo seeding's included). A terminal
// is needed (the welcome is printed only to one): util-linux `script` gives the process a
// pseudo-terminal.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { npmStartSetup, ROOT } from '../test/npm-start.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('npm start at a terminal', () => {
  it('ends with the generated password line, then the address to open', { timeout: 120_000 }, async () => {
    const { dir, port, env } = await npmStartSetup('portal-banner-');
    const { SEED_DEMO: _, ...inherited } = process.env; // a fresh embedded database gets the demo data
    // Its own process group, so that the whole tree can be stopped at the end.
    const child: ChildProcess = spawn('script', ['-qfec', 'npm start', '/dev/null'], {
      cwd: ROOT,
      detached: true,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout?.on('data', (chunk) => {
      screen += chunk;
    });
    cleanups.push(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    });

    const address = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 100_000;
    while (!screen.includes(`Portal listo en ${address}`)) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${screen}`);
      if (Date.now() > deadline) throw new Error(`no address line in 100 s:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Anything printed late (a log line from the logger's worker thread) would come now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const lines = stripVTControlCharacters(screen)
      .split(/\r?\n/)
      .map((line) => line.replace(/\r/g, ''))
      .filter((line) => line.trim() !== '');
    const password = lines.findIndex((line) => line.includes('CONTRASEÑA MAESTRA GENERADA'));
    expect(password, screen).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('seeding 200 demo businesses'))).toBe(true);
    expect(lines.slice(password + 1)).toEqual([
      '  Portal de Administración',
      '  Acceso maestro: identificador "master"',
      `  Portal listo en ${address} (ábralo en su navegador).`,
    ]);
  });
});
