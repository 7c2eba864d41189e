// Saved views of the directory (beyond SPEC): a staff member's named search, filters,
// sort and page size, kept on the server per staff account.
//   GET    /{admin|master}/saved-views/api/v1/saved-views          the caller's views, in order
//   POST   /{admin|master}/saved-views/api/v1/saved-views          { name, query } → 201
//   PATCH  /{admin|master}/saved-views/api/v1/saved-views/:id      { name?, query? }
//   PUT    /{admin|master}/saved-views/api/v1/saved-views/order    { ids } (every view, new order)
//   DELETE /{admin|master}/saved-views/api/v1/saved-views/:id
import { z } from 'zod';
import { BusinessListQuery } from './business-data.ts';
import { idParams, PG_INTEGER_MAX } from './ids.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';

export const SAVED_VIEWS_PATH = '/saved-views/api/v1/saved-views';
export const SAVED_VIEW_MAX_PER_OWNER = 50;
export const SAVED_VIEW_NAME_MAX = 60;

/** The directory list parameters a view keeps (the URL's names; never the page offset). */
export const SAVED_VIEW_QUERY_KEYS = [
  'search',
  'category',
  'year',
  'verified_email',
  'verified_phone',
  'date_from',
  'date_to',
  'sort_by',
  'sort_order',
  'limit',
] as const;
export type SavedViewQueryKey = (typeof SAVED_VIEW_QUERY_KEYS)[number];

/** Trimmed, 1 to 60 characters. */
export const savedViewName = z
  .string({ error: MSG.savedViewName })
  .trim()
  .min(1, MSG.savedViewName)
  .max(SAVED_VIEW_NAME_MAX, MSG.savedViewName);

const queryValue = z
  .string({ error: MSG.savedViewQueryValue })
  .max(LIMITS.text.name, MSG.savedViewQueryValue);

/**
 * The directory's parameters as the URL carries them (text values), checked by the directory
 * list's own schema when written and stored as given: a later catalog change may make part of a
 * stored view invalid, and the portal drops that part when it opens the view.
 */
export const SavedViewQuery = z
  .strictObject(
    Object.fromEntries(SAVED_VIEW_QUERY_KEYS.map((key) => [key, queryValue.optional()])) as Record<
      SavedViewQueryKey,
      z.ZodOptional<typeof queryValue>
    >,
    { error: MSG.savedViewQueryField },
  )
  .superRefine((query, ctx) => {
    const checked = BusinessListQuery.safeParse(query);
    if (checked.success) return;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type SavedViewQuery = z.output<typeof SavedViewQuery>;

export const SavedViewCreateBody = z.object({ name: savedViewName, query: SavedViewQuery });
export type SavedViewCreateBody = z.output<typeof SavedViewCreateBody>;

/** Rename, or save the directory's current state into the view; at least one of the two. */
export const SavedViewUpdateBody = z
  .object({ name: savedViewName.optional(), query: SavedViewQuery.optional() })
  .refine((body) => body.name !== undefined || body.query !== undefined, { error: MSG.invalidRequestData });
export type SavedViewUpdateBody = z.output<typeof SavedViewUpdateBody>;

/** The caller's views in their new order: each of them exactly once. */
export const SavedViewOrderBody = z.object({
  ids: z
    .array(z.number({ error: MSG.savedViewOrder }).int().min(1).max(PG_INTEGER_MAX), {
      error: MSG.savedViewOrder,
    })
    .max(SAVED_VIEW_MAX_PER_OWNER, MSG.savedViewOrder)
    .refine((ids) => new Set(ids).size === ids.length, { error: MSG.savedViewOrder }),
});
export type SavedViewOrderBody = z.output<typeof SavedViewOrderBody>;

export const SavedViewIdParams = idParams();
