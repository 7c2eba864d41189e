// Toggle and create-default calls: SPEC §8 "Access" toasts, then the list (and history) refresh
// before the mutation counts as done, so the spinner covers the refresh too.
import { MSG } from '@portal/contract/messages';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type AccessChange, createDefaultAccess, updateAccess } from '../../../api/access-api.ts';
import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { accessKeys } from './access-keys.ts';

const ACCESS_UPDATED = 'Access updated successfully!';

/** What a failed call shows: the error's own text (Spanish) or the SPEC §8 fallback in Spanish. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : displayMessage(fallback);
}

type ToggleChange = Omit<AccessChange, 'registry'>;

const updateKey = (registry: string) => [...accessKeys.business(registry), 'update'] as const;

export function useUpdateAccess(registry: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateKey(registry),
    mutationFn: (change: ToggleChange) => updateAccess({ ...change, registry }),
    onSuccess: async (answer) => {
      toast.success(displayMessage(answer.message || ACCESS_UPDATED));
      await queryClient.invalidateQueries({ queryKey: accessKeys.business(registry) });
    },
    onError: (error) => {
      toast.error(failure(error, MSG.failedUpdateAccess));
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
