// SPEC §7 "Verification": /{admin|master}/verification/registry/{r} (no /api/v1, DESIGN §8).
import { ifMatch } from './edit-conflict.ts';
import { apiRequest, staffPath } from './http-client.ts';

export interface VerificationStatus {
  business_registry_number: string;
  business_name: string;
  business_email: string;
  business_phone: string;
  verified_email: boolean;
  verified_phone: boolean;
  /** 'Fully Verified' or 'Partially Verified' (SPEC §3). */
  status: string;
  /** Issue #25: sent back as If-Match. */
  version?: string;
}

export interface VerificationFlags {
  verified_email?: boolean;
  verified_phone?: boolean;
}

export async function updateVerification(
  registry: string,
  flags: VerificationFlags,
  /** The version the person saw (If-Match): a change since then is a 412 (api/edit-conflict.ts). */
  version?: string,
): Promise<VerificationStatus> {
  const answer = await apiRequest<{ verification_status: VerificationStatus }>(
    staffPath(`/verification/registry/${encodeURIComponent(registry)}`),
    { method: 'PATCH', body: flags, headers: ifMatch(version) },
  );
  return answer.verification_status;
}
