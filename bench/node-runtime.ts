// The Node.js that runs the measured server: the release `.nvmrc` names (the supported one,
// README "Production with PostgreSQL"), so the figures are those of the runtime the portal is deployed on, even
// when the bench itself runs on an older Node. BENCH_NODE picks another: a major version
// (`20`), a path to a node binary, or `current` for the Node running the bench.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NodeRuntime {
  path: string;
  version: string;
}

const current = (): NodeRuntime => ({ path: process.execPath, version: process.version });

/** The binary of a Node major version, through the npm registry's `node` package. */
function fromRegistry(major: string): string {
  return execFileSync('npx', ['-y', `node@${major}`, '-p', 'process.execPath'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 180_000,
  }).trim();
}

function versionOf(path: string): string {
  try {
    return execFileSync(path, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  } catch (error) {
    throw new Error(`${path} is not a node binary that runs (${error})`);
  }
}

export function serverNode(root: string, wanted = process.env.BENCH_NODE ?? ''): NodeRuntime {
  if (wanted === 'current') return current();
  if (wanted !== '' && !/^\d+$/.test(wanted)) return { path: wanted, version: versionOf(wanted) };
  const major = wanted || readFileSync(join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '').split('.')[0]!;
  if (process.versions.node.split('.')[0] === major) return current();
  let path: string;
  try {
    path = fromRegistry(major);
  } catch (error) {
    if (wanted)
      throw new Error(`BENCH_NODE=${wanted}: no Node ${major} from npx -y node@${major} (${error})`);
    process.stdout.write(
      `bench: no Node ${major} (.nvmrc) from npx; the server runs on ${process.version}\n`,
    );
    return current();
  }
  const version = versionOf(path);
  process.stdout.write(`bench: the server runs on Node ${version} (npx -y node@${major})\n`);
  return { path, version };
}
