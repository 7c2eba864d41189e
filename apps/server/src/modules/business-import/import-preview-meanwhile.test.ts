// The preview of a large file leaves room for other requests: on PGlite, whose queries run in the
// server's own thread, a request that arrives while the preview checks its rows is answered before
// the preview ends, not after it. (PostgreSQL's queries leave the process: nothing to test there.)
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { staffApp } from '../../../test/helpers.ts';
import { csv, importCalls, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { usePostgres } from '../../../test/test-db.ts';

const ROWS = 30_000;

describe.runIf(!usePostgres())('a large preview on PGlite and a request made meanwhile', async () => {
  const { t, admin } = await staffApp();
  const calls = importCalls(t, admin);

  it('answers a request that arrives while the preview checks its rows before the preview ends', async () => {
    const lines = Array.from({ length: ROWS }, (_, i) => [
      `Negocio Grande ${i + 1}`,
      'Ana Ruiz',
      `grande${i + 1}@correo.test`,
      `939${String(i).padStart(7, '0')}`,
      'Restaurantes',
    ]);
    const upload = await calls.upload('grande.csv', csv([SPEC_HEADERS, ...lines]));
    expect(upload.statusCode).toBe(201);
    const id = upload.json().import.import_id as string;

    const queries = vi.spyOn(t.handle.pglite!, 'query');
    let previewEnded = false;
    const preview = calls.preview(id).then((res) => {
      previewEnded = true;
      return res;
    });
    // Looked at once per turn of the event loop, when a request from the network would be taken.
    const readsRows = () => queries.mock.calls.some(([text]) => text.includes('from "business_import_rows"'));
    while (!readsRows()) await nextTurn();
    const read = await calls.get(id);
    const answeredFirst = !previewEnded;
    queries.mockRestore();
    expect(answeredFirst).toBe(true);
    expect(read.statusCode).toBe(200);
    expect(read.json().import.status).toBe('uploaded');

    const res = await preview;
    expect(res.statusCode).toBe(200);
    expect(res.json().import).toMatchObject({
      status: 'previewed',
      summary: { create: ROWS, update: 0, unchanged: 0, error: 0 },
    });
    expect(res.json().rows).toHaveLength(100);
  });
});
