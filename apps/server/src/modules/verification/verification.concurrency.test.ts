// 50 verification toggles and email changes at once on one business, by an admin and the master.
// Whatever order they land in, the business ends in a state the change log explains row by row:
// each log row is one real change (its old value is the value just before it), nothing unchanged is
// logged, and each email change that succeeded has exactly one row.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { type Headers, staffApp } from '../../../test/helpers.ts';

const OPERATIONS = 50;
const EMAIL_EVERY = 4; // every 4th operation is an email change: 13 of 50
const SEED = 20261123;
const WATCHED = ['business_email', 'verified_email', 'verified_phone'] as const;
type Watched = (typeof WATCHED)[number];

/** mulberry32: the same toggles on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('parallel verification and email changes on one business', async () => {
  const { t, admin, master } = await staffApp();
  const business = await insertBusiness(t, { business_name: 'Concurrencia' });
  const registry = business.business_registry_number;
  const family = (headers: Headers) => (headers === master ? '/master' : '/admin');

  const toggle = (headers: Headers, body: { verified_email?: boolean; verified_phone?: boolean }) =>
    t.app.inject({
      method: 'PATCH',
      url: `${family(headers)}/verification/registry/${registry}`,
      headers,
      payload: body,
    });

  /** Initiate, read the code from the mail, complete. */
  async function changeEmail(headers: Headers, newEmail: string) {
    const base = `${family(headers)}/email-change/api/v1/email-change`;
    const initiate = await t.app.inject({
      method: 'POST',
      url: `${base}/initiate`,
      headers,
      payload: { business_registry_number: registry, new_email: newEmail },
    });
    if (initiate.statusCode !== 200) return { initiate, complete: undefined };
    const code = /(\d{6})/.exec(t.mail.filter((m) => m.to === newEmail).at(-1)!.text)![1]!;
    const complete = await t.app.inject({
      method: 'POST',
      url: `${base}/complete`,
      headers,
      payload: { business_registry_number: registry, new_email: newEmail, verification_code: code },
    });
    return { initiate, complete };
  }

  /**
   * A parallel initiate replaces the business's pending request, so a complete may be refused;
   * such a change is tried again, to a new address, a few times.
   */
  async function changeEmailRetrying(headers: Headers, label: string) {
    const attempts = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const email = `cambio${label}.${attempt}@correo.test`;
      const result = { email, ...(await changeEmail(headers, email)) };
      attempts.push(result);
      if (result.complete?.statusCode !== 401 && result.complete?.statusCode !== 409) break;
    }
    return attempts;
  }

  it(`${OPERATIONS} parallel operations leave a state the change log explains, one row per real change`, async () => {
    const next = random(SEED);
    const toggles: { verified_email?: boolean; verified_phone?: boolean }[] = [];
    const operations = Array.from({ length: OPERATIONS }, (_, i) => {
      const headers = i % 2 === 0 ? admin : master;
      if (i % EMAIL_EVERY === 0) {
        return async () => ({ kind: 'email' as const, attempts: await changeEmailRetrying(headers, `${i}`) });
      }
      const which = next();
      const body =
        which < 1 / 3
          ? { verified_email: next() < 0.5 }
          : which < 2 / 3
            ? { verified_phone: next() < 0.5 }
            : { verified_email: next() < 0.5, verified_phone: next() < 0.5 };
      toggles.push(body);
      return async () => ({ kind: 'toggle' as const, body, res: await toggle(headers, body) });
    });
    const results = await Promise.all(operations.map((run) => run()));
    const emailChanges = results.filter((r) => r.kind === 'email');
    console.info(
      `concurrency seed ${SEED}: ${toggles.length} toggles, ${emailChanges.length} email changes in parallel`,
    );
    expect(emailChanges.length).toBe(Math.ceil(OPERATIONS / EMAIL_EVERY));

    // Every answer is a success, or the refusal of an email change whose request a parallel one replaced.
    const completed: string[] = [];
    const reportedOld = new Map<string, string>();
    for (const r of results) {
      if (r.kind === 'toggle') {
        expect(r.res.statusCode, r.res.body).toBe(200);
        continue;
      }
      for (const { email, initiate, complete } of r.attempts) {
        expect(initiate.statusCode, initiate.body).toBe(200);
        expect([200, 401, 409], complete?.body).toContain(complete?.statusCode);
        if (complete?.statusCode === 200) {
          completed.push(email);
          reportedOld.set(email, complete.json().old_email);
        }
      }
    }
    expect(completed.length).toBeGreaterThan(0);

    const final = await t.db
      .selectFrom('businesses')
      .select([...WATCHED])
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['log_id', 'changed_column', 'old_value', 'new_value', 'changed_by'])
      .where('business_id', '=', business.id)
      .where('operation_type', '=', 'UPDATE')
      .orderBy('log_id')
      .execute();

    // Replay the log from the starting values: each row starts where the previous change left off
    // and changes something, and the replay ends at the state the table holds.
    const state: Record<Watched, string> = {
      business_email: business.business_email,
      verified_email: String(business.verified_email),
      verified_phone: String(business.verified_phone),
    };
    const flagsSeen = new Set([`${state.verified_email}/${state.verified_phone}`]);
    for (const log of logs) {
      const column = log.changed_column as Watched;
      expect(WATCHED, `log ${log.log_id} names ${log.changed_column}`).toContain(column);
      expect(log.old_value, `log ${log.log_id}: old value is the value before it`).toBe(state[column]);
      expect(log.new_value, `log ${log.log_id}: a logged change changes something`).not.toBe(log.old_value);
      state[column] = log.new_value!;
      flagsSeen.add(`${state.verified_email}/${state.verified_phone}`);
    }
    expect(state).toEqual({
      business_email: final.business_email,
      verified_email: String(final.verified_email),
      verified_phone: String(final.verified_phone),
    });

    // Each toggle answered with flags the business really had at some point.
    for (const r of results) {
      if (r.kind !== 'toggle') continue;
      const { verified_email, verified_phone } = r.res.json().verification_status;
      expect(flagsSeen, JSON.stringify(r.body)).toContain(`${verified_email}/${verified_phone}`);
    }

    // Each email change that answered 200 happened once: one business_email row, to its address.
    const emailRows = logs.filter((log) => log.changed_column === 'business_email');
    expect(emailRows.map((log) => log.new_value).sort()).toEqual([...completed].sort());
    // Each answer names the address its change replaced, as the log does.
    for (const row of emailRows) expect(reportedOld.get(row.new_value!), row.new_value!).toBe(row.old_value);
    // A completed change leaves verified_email true (the code proved it); the last one is the final email.
    expect(emailRows.at(-1)!.new_value).toBe(final.business_email);

    // The directory's running counts (migration 025) still match a recount.
    const drift = await sql<{ n: number }>`
      select count(*)::int as n from (
        (select grouping_set, business_category, business_year, verified_email, verified_phone, n
           from business_counts where n <> 0
         except
         select grouping(business_category, business_year, verified_email, verified_phone)::smallint,
                business_category, business_year, verified_email, verified_phone, count(*)
           from businesses group by cube (business_category, business_year, verified_email, verified_phone))
        union all
        (select grouping(business_category, business_year, verified_email, verified_phone)::smallint,
                business_category, business_year, verified_email, verified_phone, count(*)
           from businesses group by cube (business_category, business_year, verified_email, verified_phone)
         except
         select grouping_set, business_category, business_year, verified_email, verified_phone, n
           from business_counts where n <> 0)
      ) as differences`.execute(t.db);
    expect(drift.rows[0]!.n).toBe(0);
    console.info(
      `concurrency: ${logs.length} change-log rows for ${completed.length} completed email changes and the toggles that changed a flag`,
    );
  });
});
