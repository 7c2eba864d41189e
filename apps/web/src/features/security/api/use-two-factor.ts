// 'Seguridad': the signed-in person's second factor.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  startTwoFactorSetup,
} from '../../../api/two-factor-api.ts';

export const twoFactorKeys = { status: ['two-factor', 'status'] as const };

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: twoFactorKeys.status, queryFn: getTwoFactorStatus });

export const useStartSetup = () => useMutation({ mutationFn: startTwoFactorSetup });

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}
