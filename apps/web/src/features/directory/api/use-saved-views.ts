import { MSG } from '@portal/contract/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  renameSavedView,
  reorderSavedViews,
  type SavedView,
} from '../../../api/saved-views-api.ts';

export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: () => [...savedViewKeys.all, 'list'] as const,
};

const savedViewsQuery = {
  queryKey: savedViewKeys.list(),
  queryFn: ({ signal }: { signal?: AbortSignal }) => listSavedViews(signal),
};

export function useSavedViews() {
  return useQuery({ ...savedViewsQuery, staleTime: 60_000 });
}

/** One view moved one place to the left (-1) or right (1) in `views`, the list as shown. */
interface ViewMove {
  views: SavedView[];
  id: number;
  delta: -1 | 1;
}

/** The ids in their new order, or null when the view is not there or cannot move that way. */
function movedOrder({ views, id, delta }: ViewMove): number[] | null {
  const ids = views.map((view) => view.id);
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
  return ids;
}

/** The server takes an order only if it names each of the person's views once. */
const isOutdatedOrder = (failure: unknown) =>
  failure instanceof ApiError && failure.status === 400 && failure.serverMessage === MSG.savedViewOrder;

/** Create, rename, move and delete; each refreshes the list. */
export function useSavedViewMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: { name: string; query: Record<string, string> }) =>
        createSavedView(input.name, input.query),
      onSettled,
    }),
    rename: useMutation({
      mutationFn: (input: { id: number; name: string }) => renameSavedView(input.id, input.name),
      onSettled,
    }),
    /** 'gone' when the view moved was deleted elsewhere. */
    move: useMutation({
      mutationFn: async (move: ViewMove): Promise<'moved' | 'gone'> => {
        const order = movedOrder(move);
        if (!order) return 'moved';
        try {
          await reorderSavedViews(order);
          return 'moved';
        } catch (failure) {
          if (!isOutdatedOrder(failure)) throw failure;
        }
        // Another tab added or deleted a view since the list was read: the same move, once, on
        // the list as it is now.
        const views = await queryClient.fetchQuery({ ...savedViewsQuery, staleTime: 0 });
        if (!views.some((view) => view.id === move.id)) return 'gone';
        const again = movedOrder({ ...move, views });
        if (again) await reorderSavedViews(again);
        return 'moved';
      },
      onSettled,
    }),
    remove: useMutation({ mutationFn: deleteSavedView, onSettled }),
  };
}
