// Many businesses back from the trash at once: the directory's 'Deshacer' of a bulk deletion and
// the Papelera's 'Restaurar seleccionados'. Each one goes through the trash's own restore, a few at
// a time. Each restore is whole or not at all on the server, so one that fails (another business
// took its email meanwhile) leaves the others alone and gets its own line saying why.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { restoreBusiness } from '../api/business-trash-api.ts';

/** Restores in flight at once: quick for a large selection, light on the server. */
const AT_ONCE = 4;

export interface RestoreLine {
  registry: string;
  restored: boolean;
  /** Why it was not restored (the request's error). */
  error?: unknown;
}

export interface RestoreOutcome {
  /** In the order of the registry numbers asked for. */
  lines: RestoreLine[];
  restored: number;
}

export async function restoreEach(
  registries: readonly string[],
  onProgress: (done: number) => void,
): Promise<RestoreOutcome> {
  const lines: RestoreLine[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < registries.length) {
      const index = next++;
      const registry = registries[index] as string;
      try {
        await restoreBusiness(registry);
        lines[index] = { registry, restored: true };
      } catch (error) {
        lines[index] = { registry, restored: false, error };
      }
      done += 1;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, registries.length) }, worker));
  return { lines, restored: lines.filter((line) => line.restored).length };
}

/** `restoreEach` as a mutation, with how many have answered so far (`done`). */
export function useRestoreEach() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(0);
  const mutation = useMutation({
    mutationFn: (registries: readonly string[]) => {
      setDone(0);
      return restoreEach(registries, setDone);
    },
    // As the single restore: every screen's data is read again (lists, counts, trash).
    onSettled: () => queryClient.invalidateQueries(),
  });
  return { ...mutation, done };
}
