// A throw-away PostgreSQL for tests that stop, restart or freeze their database (never the
// machine's shared one): initdb in a temporary folder with Debian's server binaries
// (/usr/lib/postgresql/<version>/bin), listening on a free loopback port. initdb refuses to run as
// root, so as root the cluster belongs to the `postgres` user.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';
const IS_ROOT = process.getuid?.() === 0;

/** The newest installed server's bin folder, or undefined. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin') : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Direct children of a process (the postmaster's backends), from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

export class OwnPostgres {
  private frozen: number[] = [];

  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** initdb in a new temporary folder; not started yet. */
  static async create(bin: string): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'portal-own-pg-'));
    const pg = new OwnPostgres(bin, dir, await freePort());
    if (IS_ROOT) {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, id('-u'), id('-g'));
    }
    await pg.pg('initdb', ['-D', pg.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    return pg;
  }

  /**
   * A streaming replica of `primary` (pg_basebackup -R: standby.signal and primary_conninfo), in a
   * new temporary folder on a port of its own; not started yet.
   */
  static async replicaOf(primary: OwnPostgres): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'portal-own-replica-'));
    const replica = new OwnPostgres(primary.bin, dir, await freePort());
    if (IS_ROOT) {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, id('-u'), id('-g'));
    }
    await replica.pg('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      ...['-D', replica.dataDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
    return replica;
  }

  private pg(tool: string, args: string[]) {
    const command = join(this.bin, tool);
    return IS_ROOT
      ? run('runuser', ['-u', 'postgres', '--', command, ...args], { timeout: 30_000 })
      : run(command, args, { timeout: 30_000 });
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off`;
    await this.pg('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '20',
      'start',
    ]);
  }

  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), as on an administrator's shutdown. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '20', 'stop']);
  }

  private postmasterPid(): number | undefined {
    const file = join(this.dataDir, 'postmaster.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
  }

  /** SIGSTOP to the postmaster and every backend: sockets stay open, nothing answers. */
  freeze(): void {
    const postmaster = this.postmasterPid();
    if (!postmaster) throw new Error('PostgreSQL is not running');
    process.kill(postmaster, 'SIGSTOP');
    this.frozen = [postmaster, ...childrenOf(postmaster)];
    for (const pid of this.frozen.slice(1)) process.kill(pid, 'SIGSTOP');
  }

  resume(): void {
    for (const pid of this.frozen.reverse()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
    this.frozen = [];
  }

  /** Resumes, stops and removes the cluster; safe to call in any state. */
  async destroy(): Promise<void> {
    this.resume();
    if (this.postmasterPid()) await this.stop('immediate').catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
