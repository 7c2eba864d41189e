// `npm start` as a real process: SIGTERM to the process that was started (npm) reaches the server,
// which drains and exits; nothing is left running or listening. Also: with stdout not a terminal,
// stdout holds JSON log lines only, and a generated master password is one marked line on stderr.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, descendants, isListening } from '../../../scripts/lib/processes.mjs';
import { npmStartSetup, ROOT } from '../test/npm-start.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('npm start', () => {
  it('drains and exits on SIGTERM, leaving no process and nothing listening', {
    timeout: 180_000,
  }, async () => {
    const { dir, port, env } = await npmStartSetup('portal-signals-');
    const child: ChildProcess = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        SEED_DEMO: 'false',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    let tree: number[] = [];
    cleanups.push(() => {
      for (const pid of [child.pid ?? 0, ...tree]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    // Migrations and the demo seed on a fresh embedded database, on a machine that may be busy.
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`npm start exited (${child.exitCode}):\n${stdout}\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`no /health in 120 s:\n${stdout}\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    tree = [child.pid ?? 0, ...descendants(child.pid ?? 0)];
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const until = Date.now() + 10_000;
    while (tree.some(alive) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tree.filter(alive)).toEqual([]);
    expect(await isListening(port)).toBe(false);

    const lines = stdout.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('>'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => JSON.parse(line).msg?.includes('SIGTERM received'))).toBe(true);
    const marked = stderr.split('\n').filter((line) => line.includes('CONTRASEÑA MAESTRA GENERADA'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/^\*\*\* .*identificador="master" contraseña=\S{20} \*\*\*$/);
  });
});
