import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addLocation,
  type LocationPayload,
  type RegistrationAnswer,
  type RegistrationPayload,
  registerBusiness,
} from '../../../api/business-registration-api.ts';

export interface RegisterInput {
  payload: RegistrationPayload;
  location: LocationPayload;
}

export interface RegisterResult extends RegistrationAnswer {
  locationSaved: boolean;
}

/** SPEC §4 "Registration": register, then try to add the location; a failed location add is ignored. */
export function useRegisterBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ payload, location }: RegisterInput): Promise<RegisterResult> => {
      const answer = await registerBusiness(payload);
      let locationSaved = true;
      try {
        await addLocation(answer.business_registry_number, location);
      } catch {
        locationSaved = false;
      }
      return { ...answer, locationSaved };
    },
    onSuccess: () => {
      for (const family of ['business-data', 'business-registration', 'public-registration']) {
        void queryClient.invalidateQueries({ queryKey: [family] });
      }
    },
  });
}
