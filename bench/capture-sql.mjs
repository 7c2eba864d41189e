// Preloaded into a server started only to learn its SQL (node --import ./bench/capture-sql.mjs):
// every statement node-postgres sends is appended as one JSON line to BENCH_CAPTURE_FILE, with
// its parameters as node-postgres serialises them. The bench then replays exactly that SQL
// through pgbench. The measured server never loads this file.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.BENCH_CAPTURE_FILE;
if (file) {
  // The same module instance the server imports ('pg' resolves to one path in the workspace).
  const require = createRequire(`${process.cwd()}/apps/server/package.json`);
  const pg = require('pg');
  const { prepareValue } = require('pg/lib/utils');
  const query = pg.Client.prototype.query;
  // Which connection sent each statement: a background transaction on another connection may
  // begin before a request's statements and commit after them.
  const clients = new WeakMap();
  let nextClient = 1;
  pg.Client.prototype.query = function capturedQuery(config, values, callback) {
    if (!clients.has(this)) clients.set(this, nextClient++);
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') {
      const params = Array.isArray(values) ? values : Array.isArray(config?.values) ? config.values : [];
      const line = {
        at: Date.now(),
        client: clients.get(this),
        text,
        values: params.map((value) => {
          const prepared = prepareValue(value);
          return Buffer.isBuffer(prepared) ? { bytea: prepared.toString('hex') } : prepared;
        }),
        cursor: typeof config?.submit === 'function',
      };
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
