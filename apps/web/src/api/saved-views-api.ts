// Saved views of the directory: the caller's named searches, under /admin or /master.
import { apiRequest, staffPath } from './http-client.ts';

export interface SavedView {
  id: number;
  name: string;
  position: number;
  /** The directory list parameters as saved; may no longer all validate. */
  query: Record<string, string>;
  created_at: string;
  updated_at: string;
}

const path = (tail = '') => staffPath(`/saved-views/api/v1/saved-views${tail}`);

export async function listSavedViews(signal?: AbortSignal): Promise<SavedView[]> {
  const answer = await apiRequest<{ saved_views: SavedView[] }>(path(), { signal });
  return answer.saved_views;
}

export async function createSavedView(name: string, query: Record<string, string>): Promise<SavedView> {
  const answer = await apiRequest<{ saved_view: SavedView }>(path(), {
    method: 'POST',
    body: { name, query },
  });
  return answer.saved_view;
}

export async function renameSavedView(id: number, name: string): Promise<SavedView> {
  const answer = await apiRequest<{ saved_view: SavedView }>(path(`/${id}`), {
    method: 'PATCH',
    body: { name },
  });
  return answer.saved_view;
}

export async function reorderSavedViews(ids: number[]): Promise<SavedView[]> {
  const answer = await apiRequest<{ saved_views: SavedView[] }>(path('/order'), {
    method: 'PUT',
    body: { ids },
  });
  return answer.saved_views;
}

export async function deleteSavedView(id: number): Promise<void> {
  await apiRequest(path(`/${id}`), { method: 'DELETE' });
}
