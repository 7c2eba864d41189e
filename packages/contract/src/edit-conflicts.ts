// Edit conflicts: optimistic concurrency with ETag / If-Match (RFC 9110 §13).
// A record a person edits carries `version` (an opaque string); a GET of one record also sends it
// as `ETag: "<version>"`. A write with `If-Match: "<version>"` is applied only while the record is
// still at that version, else 412 with the record as it is now and who changed it and when.
// Without If-Match a write is applied as before (last write wins).
import { z } from 'zod';

export const CONFLICT_MSG = {
  preconditionFailed: 'Precondition failed: the record was changed by someone else',
  invalidIfMatch: 'Invalid If-Match header: send one or more quoted versions, or *',
} as const;

/** The header of a conditional write: `"<version>"`, a list of them, or `*` (the record exists). */
// Loose: the other headers (the session's) stay on the request after validation.
export const IfMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      'Optional. The version the client showed, quoted ("7"). When the record is no longer at ' +
        'that version nothing is written and the answer is 412 with the record as it is now. ' +
        'Weak tags (W/"7") never match; * matches any existing record; an unparseable value is a 400.',
    ),
});

/** The ETag of a record at `version`. */
export const etagOf = (version: string) => `"${version}"`;

/**
 * The versions an If-Match value names: '*' for any, else the quoted tags (weak ones kept with
 * their W/ so they never match: If-Match uses the strong comparison). null when malformed.
 */
export function parseIfMatch(value: string): '*' | string[] | null {
  const text = value.trim();
  if (text === '*') return '*';
  const tags: string[] = [];
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text
  const tag = /\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    tag.lastIndex = at;
    const match = tag.exec(text);
    if (!match) return null;
    tags.push(match[1] ? `W/${match[2]}` : (match[2] ?? ''));
    at = tag.lastIndex;
    if (match[3] === '' && at < text.length) return null;
  }
  return tags.length > 0 ? tags : null;
}

/** Who changed a record last and when (null for a record nobody changed since it was made). */
export interface RecordChange {
  changed_by: string | null;
  changed_at: string | null;
}

/** The body of a 412 beside the SPEC §8 error fields. */
export interface ConflictBody<Current> extends RecordChange {
  success: false;
  error: string;
  message: string;
  current_version: string;
  current: Current;
}
