// SPEC §7 "Business deletion": DELETE /master/business-deletion/{r}, master only.
import { MSG } from '@portal/contract/messages';
import { ApiError, bodyField } from './api-error.ts';
import { ifMatch } from './edit-conflict.ts';
import { apiRequest } from './http-client.ts';

/**
 * Deletes the business and everything it holds; returns the message to show (a 204 gets the default).
 * With `version` (the one on screen, If-Match) a business changed since is a 412 (edit-conflict.ts)
 * and nothing is deleted; without one the deletion is unconditional.
 */
export async function deleteBusiness(registry: string, version?: string): Promise<string> {
  try {
    const answer = await apiRequest<unknown>(`/master/business-deletion/${encodeURIComponent(registry)}`, {
      method: 'DELETE',
      headers: ifMatch(version),
    });
    return bodyField(answer, 'message') ?? MSG.businessDeleted;
  } catch (error) {
    // SPEC §8: a non-OK answer that is plain text is shown as it is.
    if (error instanceof ApiError && typeof error.body === 'string' && error.body.trim() !== '') {
      throw new ApiError(error.body.trim(), error.status, error.body);
    }
    throw error;
  }
}
