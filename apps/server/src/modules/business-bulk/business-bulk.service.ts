// Bulk actions on the directory. Each registry number goes through the single
// action's own service (verification, business deletion, the business edit): its own
// transaction, rules, change-log rows and staff-audit row, one after the other. A line answers
// what the single call would have (404, 409…); the others still apply. Once the database stops
// answering, the numbers not yet applied answer 503 without being tried (nothing is half-applied:
// every line is one transaction). A line whose transaction lost to a concurrent one (a deadlock)
// answers 503 as the single call would, and the others still apply: the database is answering.
// One more staff-audit row summarises the call.
import {
  BULK_MSG,
  type BulkResultLine,
  type BusinessBulkBody,
  type BusinessBulkFields,
  type BusinessBulkResult,
} from '@portal/contract/business-bulk';
import type { BusinessFilters } from '@portal/contract/business-data';
import { MSG } from '@portal/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from '../../db/audit.ts';
import { isDatabaseUnavailable, isTransactionConflict } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import { clientDatabaseError } from '../../http/error-handler.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Precondition } from '../../http/if-match.ts';
import { listDirectory } from '../business-data/business-data.service.ts';
import { updateBusiness } from '../business-data/business-edit.service.ts';
import { deleteBusiness } from '../business-deletion/business-deletion.service.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import { setVerification } from '../verification/verification.service.ts';

/**
 * The bulk 'update' of one business: the single edit (PATCH …/registry/{registry}) with the
 * fields bulk takes (a blank description clears it, as the edit's body does). An unknown number
 * answers 'Business not found' on its line, as the bulk delete's lines do.
 */
async function updateFields(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  fields: BusinessBulkFields,
  precondition: Precondition,
) {
  const description = fields.business_description === '' ? null : fields.business_description;
  try {
    return await updateBusiness(
      db,
      actor,
      registry,
      { ...fields, business_description: description },
      precondition,
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(MSG.businessNotFound);
    throw error;
  }
}

/**
 * The single action a bulk action repeats, for one registry number: under the version the person
 * saw when one was sent for it (If-Match), else as the business is now. Answers the business after.
 */
function singleAction(db: Kysely<Database>, actor: Actor, body: BusinessBulkBody) {
  const seen = (registry: string): Precondition => {
    const version = body.versions?.[registry];
    return version === undefined ? null : [version];
  };
  switch (body.action) {
    case 'verify': {
      const flags = { verified_email: body.verified_email, verified_phone: body.verified_phone };
      return (registry: string) => setVerification(db, actor, registry, flags, seen(registry));
    }
    case 'update':
      return (registry: string) => updateFields(db, actor, registry, body.fields, seen(registry));
    case 'delete':
      return (registry: string) => deleteBusiness(db, actor, registry, seen(registry));
  }
}

/** What one failed number answers: the single call's status and message. */
function failedLine(registry: string, error: unknown, log: FastifyBaseLogger): BulkResultLine {
  if (error instanceof HttpError && error.statusCode === 412) {
    // The single action's 412 also carries the business as it is now: the line keeps who and when.
    const { changed_by, changed_at } = error.extra as {
      changed_by?: string | null;
      changed_at?: string | null;
    };
    return {
      business_registry_number: registry,
      status: 412,
      message: error.message,
      changed_by,
      changed_at,
    };
  }
  if (error instanceof HttpError)
    return { business_registry_number: registry, status: error.statusCode, message: error.message };
  const known = clientDatabaseError(error);
  if (known) return { business_registry_number: registry, status: known[0], message: known[1] };
  if (isTransactionConflict(error)) {
    const { code, message } = error as { code?: string; message?: string };
    log.warn({ code, cause: message, registry }, 'bulk action: transaction conflict on one business');
    return { business_registry_number: registry, status: 503, message: MSG.serviceUnavailable };
  }
  log.error({ err: error, registry }, 'bulk action: unexpected error on one business');
  return { business_registry_number: registry, status: 500, message: MSG.internalServerError };
}

/** What the audit row keeps of the request: the action and what it set, not the numbers twice. */
function requestDetails(body: BusinessBulkBody) {
  if (body.action === 'verify')
    return { verified_email: body.verified_email, verified_phone: body.verified_phone };
  if (body.action === 'update') return { fields: body.fields };
  return {};
}

export async function runBusinessBulk(
  db: Kysely<Database>,
  actor: Actor,
  body: BusinessBulkBody,
  log: FastifyBaseLogger,
): Promise<Omit<BusinessBulkResult, 'success'>> {
  const apply = singleAction(db, actor, body);
  const results: BulkResultLine[] = [];
  let databaseGone = false;
  for (const registry of body.registry_numbers) {
    if (databaseGone) {
      results.push({ business_registry_number: registry, status: 503, message: BULK_MSG.notApplied });
      continue;
    }
    try {
      const after = await apply(registry);
      // The business's version after the change (none after a deletion), for the next If-Match.
      const version = 'version' in after && after.version ? { version: after.version } : {};
      results.push({ business_registry_number: registry, status: 200, ...version });
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        databaseGone = true;
        results.push({ business_registry_number: registry, status: 503, message: BULK_MSG.notApplied });
      } else results.push(failedLine(registry, error, log));
    }
  }
  const succeeded = results.filter((line) => line.status === 200).length;
  const summary = { succeeded, failed: results.length - succeeded };
  await recordSummary(db, actor, body, results, summary, log);
  return { results, summary };
}

/**
 * The call's own audit row. Every applied line already has its row; when this one cannot be
 * written (the database gone, or any other refusal), the answer still goes out: the lines were
 * applied, and an error would hide which.
 */
async function recordSummary(
  db: Kysely<Database>,
  actor: Actor,
  body: BusinessBulkBody,
  results: BulkResultLine[],
  summary: { succeeded: number; failed: number },
  log: FastifyBaseLogger,
) {
  try {
    await recordStaffAction(
      db,
      actor,
      'business_bulk',
      { kind: 'directory' },
      {
        bulk_action: body.action,
        ...requestDetails(body),
        requested: results.length,
        ...summary,
        succeeded_registry_numbers: results
          .filter((line) => line.status === 200)
          .map((line) => line.business_registry_number),
        failures: results
          .filter((line) => line.status !== 200)
          .map((line) => `${line.business_registry_number} (${line.status})`),
      },
    );
  } catch (error) {
    const context = { bulk_action: body.action, ...summary };
    if (isDatabaseUnavailable(error)) log.warn(context, 'bulk action: summary audit row not written');
    else log.error({ ...context, err: error }, 'bulk action: summary audit row refused');
  }
}

/** The registry numbers of a whole directory search (its filters and order), up to the filters' limit. */
export async function searchRegistryNumbers(db: Kysely<Database>, filters: BusinessFilters) {
  const page = await listDirectory(db, filters);
  const numbers = page.businesses.map((row) => row.business_registry_number);
  return {
    registry_numbers: numbers,
    total_count: page.total_count,
    total_count_capped: page.total_count_capped,
    truncated: page.total_count_capped || page.total_count > numbers.length,
  };
}
