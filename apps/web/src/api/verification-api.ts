// SPEC §7 "Verification": /{admin|master}/verification/registry/{r} (no /api/v1, DESIGN §8).
import type { VerificationResponse } from '@portal/contract/responses';
import type { z } from 'zod';
import { ifMatch } from './edit-conflict.ts';
import { apiRequest, staffPath } from './http-client.ts';

/** A business's flags, their combined status ('Fully Verified' …, SPEC §3) and its version (If-Match). */
export type VerificationStatus = z.output<typeof VerificationResponse>['verification_status'];

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
