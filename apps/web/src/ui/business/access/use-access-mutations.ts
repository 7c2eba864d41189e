// Toggle and create-default calls: SPEC §8 "Access" toasts, then the list (and history) refresh
// before the mutation counts as done, so the spinner covers the refresh too.
import { MSG } from '@portal/contract/messages';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'sonner';
import {
  type AccessChange,
  type AccessChangeAnswer,
  createDefaultAccess,
  updateAccess,
} from '../../../api/access-api.ts';
import { ApiError } from '../../../api/api-error.ts';
import { conflictOf } from '../../../api/edit-conflict.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { accessKeys } from './access-keys.ts';

const ACCESS_UPDATED = 'Access updated successfully!';

/** What a failed call shows: the error's own text (Spanish) or the SPEC §8 fallback in Spanish. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : displayMessage(fallback);
}

type ToggleChange = Omit<AccessChange, 'registry'>;

const updateKey = (registry: string) => [...accessKeys.business(registry), 'update'] as const;

/**
 * Each toggle names the version of the record the person saw (If-Match). Toggles of one record are
 * sent one after the other, and until the list shows the record again each names the version its
 * predecessor left: the person's own quick clicks are not a conflict.
 */
function useRecordVersions() {
  const chains = useRef(new Map<string, Promise<unknown>>());
  const after = useRef(new Map<string, { from: string; to: string }>());
  return (change: ToggleChange, send: (version?: string) => Promise<AccessChangeAnswer>) => {
    const key = String(change.adminId);
    const run = (chains.current.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const moved = after.current.get(key);
        const version = moved && moved.from === change.version ? moved.to : change.version;
        const answer = await send(version);
        if (change.version)
          after.current.set(key, { from: change.version, to: answer.access_control.version });
        return answer;
      });
    chains.current.set(key, run);
    return run;
  };
}

export function useUpdateAccess(registry: string) {
  const queryClient = useQueryClient();
  const inOrder = useRecordVersions();
  return useMutation({
    mutationKey: updateKey(registry),
    mutationFn: (change: ToggleChange) =>
      inOrder(change, (version) => updateAccess({ ...change, version, registry })),
    onSuccess: async (answer) => {
      toast.success(displayMessage(answer.message || ACCESS_UPDATED));
      await queryClient.invalidateQueries({ queryKey: accessKeys.business(registry) });
    },
    onError: (error) => {
      // A conflict is shown in the panel (access-conflict.tsx), with what changed.
      if (!conflictOf(error)) toast.error(failure(error, MSG.failedUpdateAccess));
      // Refused (a master's 'off' the screen did not show yet): the list catches up, and the history
      // shows the master's change.
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: accessKeys.business(registry) });
    },
  });
}

export function useCreateDefaultAccess(registry: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (master: boolean) => createDefaultAccess(registry, master),
    onSuccess: async (answer, master) => {
      toast.success(
        displayMessage(answer.message || (master ? MSG.masterAccessCreated : MSG.defaultAccessCreated)),
      );
      await queryClient.invalidateQueries({ queryKey: accessKeys.business(registry) });
    },
    onError: (error, master) => {
      toast.error(failure(error, master ? MSG.failedCreateMasterAccess : MSG.failedCreateDefaultAccess));
    },
  });
}

/** Every toggle change of this business still being saved (several may run at once). */
export function useSavingToggles(registry: string): ToggleChange[] {
  return useMutationState({
    filters: { mutationKey: updateKey(registry), status: 'pending' },
    select: (mutation) => mutation.state.variables as ToggleChange,
  });
}
