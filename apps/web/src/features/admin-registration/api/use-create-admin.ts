import type { AdminCreatePayload } from '@portal/contract/admin-registration-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAdmin } from '../../../api/admin-registration-api.ts';

/** POST the new admin; the admin lists, stats (pending badge) and registration history change. */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AdminCreatePayload) => createAdmin(payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-registration'] }),
  });
}
