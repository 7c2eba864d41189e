// Outbox hygiene (issue 14): mail kept in outbox_emails (no SMTP_URL) holds temporary passwords and
// codes in plain text, so rows past OUTBOX_RETENTION_DAYS are deleted, sent or not.
import { afterAll, describe, expect, it } from 'vitest';
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
    await createMailer({ db: handle.db, from: 'test@localhost', log: (line) => log.push(line) }).send({
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
