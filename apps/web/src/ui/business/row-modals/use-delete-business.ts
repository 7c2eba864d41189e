import { UNDO_DELETE_MS } from '@portal/contract/business-trash';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { deleteBusiness } from '../../../api/business-deletion-api.ts';
import { restoreBusiness } from '../../../api/business-trash-api.ts';
import { failureText, noAnswerInTime } from '../../../lib/failure-text.ts';
import { changeLogKeys } from '../history/use-history.ts';

export const UNDO_TEXTS = {
  deleted: (name: string) => `«${name}» se envió a la Papelera.`,
  undo: 'Deshacer',
  restored: (name: string) => `«${name}» se restauró.`,
  restoreFailed: 'No se pudo restaurar el negocio.',
} as const;

/**
 * 'Deshacer' of a deletion: brings the business back from the trash, then every
 * screen's data is fetched again (lists, counts, the business page).
 */
async function undoDeletion(
  queryClient: QueryClient,
  registry: string,
  name: string,
  onRestored?: () => void,
) {
  try {
    await restoreBusiness(registry);
    await queryClient.invalidateQueries();
    onRestored?.();
    toast.success(UNDO_TEXTS.restored(name));
  } catch (error) {
    // Without an answer in time it may have been restored: the text says so instead of 'No se pudo'.
    const reason = failureText(error, '', 'restore');
    toast.error(noAnswerInTime(error) ? reason : `${UNDO_TEXTS.restoreFailed} ${reason}`.trim());
  }
}

/**
 * DELETE the business (master only): it goes to the trash and its history keeps a DELETE row; a
 * toast offers 'Deshacer' for UNDO_DELETE_MS (10 s). `onRestored`: the business is back.
 */
export function useDeleteBusiness(registry: string, name: string, onRestored?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    /** version: the one the person is looking at (If-Match); a change since is a 412. */
    mutationFn: (version: string | undefined) => deleteBusiness(registry, version),
    onSuccess: () => {
      toast(UNDO_TEXTS.deleted(name), {
        duration: UNDO_DELETE_MS,
        action: {
          label: UNDO_TEXTS.undo,
          onClick: () => void undoDeletion(queryClient, registry, name, onRestored),
        },
      });
      return queryClient.invalidateQueries({ queryKey: changeLogKeys.business(registry) });
    },
  });
}
