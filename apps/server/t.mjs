import { hash, verify } from '@node-rs/argon2';

const h = await hash('x');
console.log(h.slice(0, 20), await verify(h, 'x'));

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const t = Date.now();
const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
await db.exec('create extension if not exists pg_trgm; create extension if not exists unaccent;');
console.log(
  (await db.query("select unaccent('Panadería') u, similarity('abc','abd') s")).rows,
  Date.now() - t,
);
const d = await db.dumpDataDir('gzip');
console.log(d.size);
const t2 = Date.now();
const db2 = await PGlite.create({ loadDataDir: d, extensions: { pg_trgm, unaccent } });
console.log((await db2.query("select unaccent('Añó') u")).rows, Date.now() - t2);
