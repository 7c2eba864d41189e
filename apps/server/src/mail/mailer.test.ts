// Outbox hygiene: mail kept in outbox_emails (no SMTP_URL) holds temporary passwords and codes in
// plain text, so rows past OUTBOX_RETENTION_DAYS are deleted, sent or not.
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../test/test-db.ts';
import { createMailer, purgeOutbox } from './mailer.ts';

const DAY = 24 * 60 * 60 * 1000;
const handle = await freshDatabase();
afterAll(() => handle.close());

describe('purgeOutbox', () => {
  it('deletes rows older than the retention, sent or not, and keeps the rest', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await handle.db
      .insertInto('outbox_emails')
      .values([
        { to_address: 'a@correo.test', subject: 'viejo', body_text: 'Código: 123456', created_at: ago(8) },
        {
          to_address: 'b@correo.test',
          subject: 'viejo enviado',
          body_text: 'Contraseña temporal: Xy7#abcdefgh',
          created_at: ago(10),
          sent_at: ago(9),
        },
        { to_address: 'c@correo.test', subject: 'reciente', body_text: 'Código: 654321', created_at: ago(6) },
      ])
      .execute();
    const log: string[] = [];
    await createMailer({
      db: handle.db,
      from: 'test@localhost',
      log: (line) => log.push(line),
      production: true,
    }).send({
      to: 'd@correo.test',
      subject: 'nuevo',
      text: 'Código: 111111',
    });

    expect(await purgeOutbox(handle.db, 0, now)).toBe(0); // 0 keeps everything
    expect(await purgeOutbox(handle.db, 7, now)).toBe(2);
    const left = await handle.db.selectFrom('outbox_emails').select('subject').orderBy('subject').execute();
    expect(left.map((row) => row.subject)).toEqual(['nuevo', 'reciente']);
    expect(log).toEqual(['mail queued in outbox_emails for d@correo.test: nuevo']);
  });
});

// Without SMTP_URL a person trying the portal reads the mail at the terminal.
describe('mail without SMTP_URL', () => {
  afterEach(() => vi.restoreAllMocks());
  const mail = {
    to: 'duena@correo.test',
    subject: 'Código de verificación',
    text: 'Su código es 482913.\nVence en 10 minutos.',
  };

  it('outside production prints each mail (to, subject, body) on stderr as it is queued', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');
    const log: string[] = [];
    await createMailer({
      db: handle.db,
      from: 'test@localhost',
      log: (l) => log.push(l),
      production: false,
    }).send(mail);

    const printed = stderr.mock.calls.map(([chunk]) => String(chunk)).join('');
    expect(printed).toContain('Para: duena@correo.test');
    expect(printed).toContain('Asunto: Código de verificación');
    expect(printed).toContain('Su código es 482913.\nVence en 10 minutos.');
    expect(stdout).not.toHaveBeenCalled(); // stdout keeps only log lines
    expect(log.join('\n')).not.toContain('482913');
    const stored = await handle.db
      .selectFrom('outbox_emails')
      .select('body_text')
      .where('to_address', '=', mail.to)
      .execute();
    expect(stored.map((row) => row.body_text)).toContain(mail.text);
  });

  it('in production prints nothing and logs no body', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');
    const printed: string[] = [];
    const log: string[] = [];
    const mailer = createMailer({
      db: handle.db,
      from: 'test@localhost',
      log: (l) => log.push(l),
      production: true,
      print: (text) => printed.push(text),
    });
    await mailer.send(mail);

    expect(printed).toEqual([]);
    expect(stderr).not.toHaveBeenCalled();
    expect(stdout).not.toHaveBeenCalled();
    expect(log).toEqual(['mail queued in outbox_emails for duena@correo.test: Código de verificación']);
  });
});

describe('SMTP', () => {
  it('gives up on a server that accepts the connection and never greets, instead of hanging', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const mailer = createMailer({
        db: handle.db,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'test@localhost',
        log: () => {},
        production: true,
        smtpTimeoutMs: 300,
      });
      await expect(mailer.send({ to: 'a@correo.test', subject: 's', text: 't' })).rejects.toThrow();
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 10_000);
});
