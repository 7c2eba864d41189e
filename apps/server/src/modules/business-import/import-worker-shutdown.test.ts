// The import worker when things around it fail: the server shuts down while an owner's access mail
// is being sent to a mail server that does not answer (SMTP waits up to 10 s to connect and 30 s for
// a reply, longer than SHUTDOWN_TIMEOUT_MS), and the shutdown does not wait for that mail (its try
// holds it for its lease, after which a process sends it again: owner-access-mails.ts); the
// database is unavailable for a while, and its polls say so once, not every time.
import { describe, expect, it } from 'vitest';
import { createTestApp, masterHeaders } from '../../../test/helpers.ts';
import { csv, importCalls, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { freePort } from '../../../test/own-postgres.ts';
import { openPostgres } from '../../db/connection.ts';
import { startImportWorker } from './import-worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the import worker', () => {
  it('lets the server close while an owner access mail waits on a mail server that does not answer', async () => {
    const t = await createTestApp({ importPollMs: 20 });
    let sending = false;
    let answerMail = () => {};
    t.mailer.send = () =>
      new Promise<void>((resolve) => {
        sending = true;
        answerMail = resolve;
      });
    const calls = importCalls(t, await masterHeaders(t), 'master');
    const rows = [['Correo Lento', 'Ana Ruiz', `lento${Date.now()}@correo.test`, '9397712345', '']];
    const id = (await calls.upload('lento.csv', csv([SPEC_HEADERS, ...rows]))).json().import.import_id;
    expect((await calls.preview(id)).json().import.summary.create).toBe(1);
    expect((await calls.commit(id, { send_owner_access: true })).statusCode).toBe(202);
    for (let i = 0; i < 250 && !sending; i++) await sleep(20);
    expect(sending, 'the worker is sending the mail').toBe(true);

    try {
      const closed = await Promise.race([
        t.app.close().then(() => 'closed'),
        sleep(5_000).then(() => 'waiting'),
      ]);
      expect(closed).toBe('closed');
      // Not marked sent: the mail is tried again once its lease runs out.
      const mail = await t.db
        .selectFrom('owner_access_mails')
        .select(['status', 'attempts'])
        .where('import_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(mail).toEqual({ status: 'pending', attempts: 1 });
    } finally {
      answerMail();
      await t.close();
    }
  });

  it('says once that the database is unavailable, not at every poll, and no error', async () => {
    // Nothing listens on this port: every statement fails with ECONNREFUSED, as when PostgreSQL is down.
    const down = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/postgres`, 2, {
      connectTimeoutMs: 500,
    });
    const lines = { error: [] as string[], warn: [] as string[] };
    const log = {
      error: (_: object, message: string) => void lines.error.push(message),
      warn: (_: object, message: string) => void lines.warn.push(message),
      info: () => {},
    };
    let polls = 0;
    const mailer = { send: async () => {} };
    const worker = startImportWorker({ db: down.db, mailer, log }, 10);
    try {
      for (let i = 0; i < 100 && polls < 10; i++) {
        worker.poke();
        polls += 1;
        await sleep(30);
      }
    } finally {
      await worker.stop();
      await down.close();
    }
    expect(lines.error).toEqual([]);
    // One line for each of its two loops (jobs, mails), however many polls failed.
    expect(lines.warn).toHaveLength(2);
    for (const line of lines.warn) expect(line).toMatch(/database is unavailable/);
  });
});
