// PostgreSQL plans a prepared statement again on every run while its "custom" plan, made for the
// run's values, looks cheaper than one plan for any values. For a page (LIMIT $n OFFSET $m) it
// always does: without the values it prices the page as a tenth of the table. The directory's
// unfiltered page spent twice as long being planned as being run (0.16 against 0.08 ms), on
// every request.
//
// A text marked here is one whose best plan is the same whatever its values (the unfiltered
// page walks its sort's index for any page), checked with EXPLAIN for each of its forms: the
// pipelined reads run it, alone and sent together, with plan_cache_mode = force_generic_plan
// (pipelined-reads.ts), so each connection plans it once. Never mark a text whose plan
// follows its values: with every read planned once, the filtered pages and those sorted by name
// answered 30 times fewer requests (docs/performance.md, "Pages planned once").

import { textMarks } from './text-marks.ts';

const marks = textMarks();

/** Lets this text be planned once per connection, for any values (see above). */
export const planOnce = (text: string): void => marks.mark(text);

export const isPlannedOnce = (text: string): boolean => marks.has(text);
