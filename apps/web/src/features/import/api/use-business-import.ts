// The import screen's calls: the import (polled while its job runs or its owners' mails wait), an
// ended import's rows in error, the person's recent imports, and upload / preview / commit /
// discard / cancel / retry of the mails.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import {
  cancelImport,
  commitImport,
  discardImport,
  getImport,
  getImportErrorRows,
  type ImportMappingValue,
  type ImportRecord,
  listImports,
  previewImport,
  retryOwnerAccess,
  uploadImport,
} from '../../../api/business-import-api.ts';

export const importKeys = {
  all: ['business-import'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  one: (id: string) => [...importKeys.all, 'one', id] as const,
  errors: (id: string) => [...importKeys.all, 'errors', id] as const,
};

const RUNNING = new Set(['queued', 'running']);
export const isRunning = (record: ImportRecord | undefined) => (record ? RUNNING.has(record.status) : false);

/** Reads at 3 s while mails are pending (40 of them, about two minutes), then every 30 s. */
const QUICK_READS = 40;

/**
 * How often the import is read again: every second while its job runs; while owners' mails are
 * pending, every 3 s for the first reads and then every 30 s (a mail waits a minute or more
 * between tries); every 30 s while any waits for its business to leave the trash, so a restore
 * made elsewhere shows up; else not at all.
 */
export function importRefetchInterval(record: ImportRecord | undefined, reads: number): number | false {
  if (isRunning(record)) return 1000;
  const mails = record?.owner_access;
  if ((mails?.pending ?? 0) > 0) return reads < QUICK_READS ? 3000 : 30_000;
  if ((mails?.in_trash ?? 0) > 0) return 30_000;
  return false;
}

/** How an import ends: done, or stopped (failed) or cancelled after what its batches applied. */
const ENDED = new Set(['done', 'failed', 'cancelled']);
export const hasEnded = (record: ImportRecord | undefined) => (record ? ENDED.has(record.status) : false);

/**
 * Once an import has ended, every list that may show its businesses is read again (the directory,
 * a business's page, the trash…), and the recent imports with their statuses; not the import's own
 * query, which has just been read.
 */
function refreshAfterImport(queryClient: QueryClient, id: string) {
  const own = importKeys.one(id);
  void queryClient.invalidateQueries({
    predicate: (q) => !own.every((part, i) => q.queryKey[i] === part),
  });
}

/**
 * The import, read again as importRefetchInterval says, and each time its tab or window comes back
 * to the front: another tab may have started or cancelled it meanwhile. Once it has ended,
 * refreshAfterImport.
 */
export function useImport(id: string | null) {
  const queryClient = useQueryClient();
  // TanStack Query hears a tab shown again (visibilitychange); a window brought in front of another
  // one, both visible, says so with 'focus' only.
  useEffect(() => {
    if (id === null) return;
    const reread = () =>
      void queryClient.refetchQueries(
        { queryKey: importKeys.one(id), exact: true },
        { cancelRefetch: false },
      );
    window.addEventListener('focus', reread);
    return () => window.removeEventListener('focus', reread);
  }, [id, queryClient]);
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ImportRecord>(importKeys.one(id as string));
      const record = await getImport(id as string, signal);
      if (hasEnded(record) && before?.status !== record.status)
        refreshAfterImport(queryClient, record.import_id);
      return record;
    },
    enabled: id !== null,
    // Off for the rest of the portal (app/staff-providers.tsx).
    refetchOnWindowFocus: true,
    refetchInterval: (query) => importRefetchInterval(query.state.data, query.state.dataUpdateCount),
  });
}

/** An ended import's rows in error (the first 1,000, as its errors file has them): they no longer change. */
export function useImportErrorRows(record: ImportRecord) {
  return useQuery({
    queryKey: importKeys.errors(record.import_id),
    queryFn: ({ signal }) => getImportErrorRows(record.import_id, signal),
    enabled: hasEnded(record) && record.error_count > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRecentImports() {
  return useQuery({ queryKey: importKeys.list(), queryFn: ({ signal }) => listImports(signal) });
}

export function useImportMutations() {
  const queryClient = useQueryClient();
  const store = (record: ImportRecord) => {
    queryClient.setQueryData(importKeys.one(record.import_id), record);
    void queryClient.invalidateQueries({ queryKey: importKeys.list() });
  };
  // A 409 or 404: the import was started (another tab) or deleted meanwhile. Read it again, so the
  // screen shows where it stands instead of a review whose buttons can only fail.
  const rereadWhenGone = (error: Error, id: string) => {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404))
      void queryClient.invalidateQueries({ queryKey: importKeys.one(id) });
  };
  return {
    upload: useMutation({ mutationFn: uploadImport, onSuccess: store }),
    preview: useMutation({
      mutationFn: (input: { id: string; mapping: ImportMappingValue }) =>
        previewImport(input.id, input.mapping),
      onSuccess: (answer) => store(answer.import),
      onError: (error, input) => rereadWhenGone(error, input.id),
    }),
    commit: useMutation({
      mutationFn: (input: { id: string; sendOwnerAccess: boolean; mapping?: ImportMappingValue }) =>
        commitImport(input.id, input.sendOwnerAccess, input.mapping),
      onSuccess: store,
      onError: (error, input) => rereadWhenGone(error, input.id),
    }),
    // Gone already (another tab discarded it) is as good as discarded.
    discard: useMutation({
      mutationFn: (id: string) =>
        discardImport(id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }),
      onSuccess: (_answer, id) => {
        queryClient.removeQueries({ queryKey: importKeys.one(id), exact: true });
        void queryClient.invalidateQueries({ queryKey: importKeys.list() });
      },
      onError: (error, id) => rereadWhenGone(error, id),
    }),
    cancel: useMutation({
      mutationFn: cancelImport,
      // A queued import ends at once; a running one ends at its next batch (seen by useImport).
      onSuccess: (record) => {
        store(record);
        if (hasEnded(record)) refreshAfterImport(queryClient, record.import_id);
      },
      // A 409 (it ended meanwhile): read it again, so the screen shows how it ended.
      onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: importKeys.one(id) }),
    }),
    retryOwnerAccess: useMutation({ mutationFn: retryOwnerAccess, onSuccess: store }),
  };
}
