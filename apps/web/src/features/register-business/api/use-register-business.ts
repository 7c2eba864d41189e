import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addLocation,
  type LocationPayload,
  type RegistrationAnswer,
  type RegistrationPayload,
  registerBusiness,
} from '../../../api/business-registration-api.ts';
import { clearRegistrationDraft } from '../registration-draft.ts';

export interface RegisterInput {
  payload: RegistrationPayload;
  location: LocationPayload;
}

export interface RegisterResult extends RegistrationAnswer {
  locationSaved: boolean;
  /** What was sent as the location, to send again when it was not saved. */
  location: LocationPayload;
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
      return { ...answer, locationSaved, location };
    },
    onSuccess: () => {
      // Here, not in the form: it also runs when the person left the tab before the answer came.
      clearRegistrationDraft();
      for (const family of ['business-data', 'business-registration', 'public-registration']) {
        void queryClient.invalidateQueries({ queryKey: [family] });
      }
    },
  });
}

/** The location of a business just registered, sent again after it failed (the success dialog offers it). */
export function useRetryLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ registry, location }: { registry: string; location: LocationPayload }) =>
      addLocation(registry, location),
    onSuccess: () => {
      for (const family of ['business-data', 'business-registration']) {
        void queryClient.invalidateQueries({ queryKey: [family] });
      }
    },
  });
}
