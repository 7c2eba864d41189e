// Runs a bulk action on the selection in calls of CHUNK registry numbers, one after
// the other, so each request stays short and the modal can show how far it got. A call that fails
// stops the run: its numbers get a line saying they were refused, or, without an answer, that they
// may have been applied; the numbers after it, that they were not.
import type { BulkResultLine, BusinessBulkInput } from '@portal/contract/business-bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { runBusinessBulk } from '../../../api/business-bulk-api.ts';
import { businessDataKeys } from './business-data-keys.ts';
import { setCachedVersions } from './use-directory-cache.ts';

const CHUNK = 100;

export type BulkKind = 'verify_email' | 'verify_phone' | 'category' | 'delete';

export interface BulkRun {
  kind: BulkKind;
  registries: readonly string[];
  /** 'Cambiar categoría': the category to set. */
  category?: string;
  /** The version each business showed when the action was chosen: one changed since is left alone. */
  versions?: ReadonlyMap<string, string>;
}

export interface BulkOutcome {
  results: BulkResultLine[];
  succeeded: number;
  failed: number;
}

/** What the server is asked for, for these registry numbers. */
export function bulkBody(run: BulkRun, registry_numbers: string[]): BusinessBulkInput {
  const seen = registry_numbers.flatMap((registry) => {
    const version = run.versions?.get(registry);
    return version === undefined ? [] : [[registry, version] as const];
  });
  const versions = seen.length > 0 ? { versions: Object.fromEntries(seen) } : {};
  switch (run.kind) {
    case 'verify_email':
      return { action: 'verify', registry_numbers, ...versions, verified_email: true };
    case 'verify_phone':
      return { action: 'verify', registry_numbers, ...versions, verified_phone: true };
    case 'category':
      return {
        action: 'update',
        registry_numbers,
        ...versions,
        fields: { business_category: run.category ?? '' },
      };
    case 'delete':
      return { action: 'delete', registry_numbers, ...versions };
  }
}

/** Registry number → version of the lines applied that name one (a verify, an update). */
const appliedVersions = (results: readonly BulkResultLine[]) =>
  new Map(
    results.flatMap((line) =>
      line.status === 200 && line.version ? [[line.business_registry_number, line.version] as const] : [],
    ),
  );

/** Status 0: the portal got no answer it could read for this line (see `unconfirmed`). */
export const NOT_CONFIRMED = 0;

/** The server refused the call: nothing in it was applied. A 5xx may come from a proxy mid-way. */
const refused = (error: unknown): error is ApiError => error instanceof ApiError && error.status < 500;

const UNCONFIRMED = 'Sin respuesta del servidor: no se pudo confirmar si se aplicó.';
const NOT_SENT = 'No se aplicó: la acción se detuvo antes de llegar a este negocio.';

export async function runInChunks(run: BulkRun, onProgress: (done: number) => void): Promise<BulkOutcome> {
  const results: BulkResultLine[] = [];
  for (let start = 0; start < run.registries.length; start += CHUNK) {
    const chunk = run.registries.slice(start, start + CHUNK);
    try {
      const answer = await runBusinessBulk(bulkBody(run, chunk));
      results.push(...answer.results);
    } catch (error) {
      // Refused before anything was applied: the modal shows why (a 403, a 400).
      if (start === 0 && refused(error)) throw error;
      const message = refused(error) ? `No se aplicó: ${error.message}` : UNCONFIRMED;
      for (const registry of chunk)
        results.push({ business_registry_number: registry, status: NOT_CONFIRMED, message });
      for (const registry of run.registries.slice(start + CHUNK))
        results.push({ business_registry_number: registry, status: NOT_CONFIRMED, message: NOT_SENT });
      break;
    }
    onProgress(Math.min(start + CHUNK, run.registries.length));
  }
  const succeeded = results.filter((line) => line.status === 200).length;
  return { results, succeeded, failed: results.length - succeeded };
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(0);
  const mutation = useMutation({
    mutationFn: (run: BulkRun) => {
      setDone(0);
      return runInChunks(run, setDone);
    },
    // The rows changed keep their new version at once, so an action chosen before the lists are
    // read again does not take the person's own change for someone else's.
    onSuccess: (outcome) => setCachedVersions(queryClient, appliedVersions(outcome.results)),
    // Rows changed or went: the lists and the stats are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessDataKeys.all }),
  });
  return { ...mutation, done };
}
