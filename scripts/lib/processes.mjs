// What a test or a smoke run checks after it stops a server: which processes it left (Linux /proc)
// and whether a port still answers. Shared by scripts/prod-smoke.mjs and apps/server/src/main.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** Whether something accepts connections on 127.0.0.1:`port`. */
export const isListening = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Every live (not zombie) process whose parent chain leads to `pid`. */
export function descendants(pid) {
  const parent = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parent.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  return [...parent.keys()].filter((child) => {
    for (let p = parent.get(child); p !== undefined && p > 1; p = parent.get(p)) if (p === pid) return true;
    return false;
  });
}

/** Whether `pid` is a live process (not a zombie). */
export function alive(pid) {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
}
