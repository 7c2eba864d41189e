// The import screen's calls: the import (polled while its job runs or its owners' mails wait), the
// person's recent imports, and upload / preview / commit / cancel / retry of the mails.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelImport,
  commitImport,
  getImport,
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

/** Ended having applied rows: the directory's lists may have changed. */
const APPLIED = new Set(['done', 'cancelled']);

/**
 * The import, read again as importRefetchInterval says. Once done (or cancelled), the directory's
 * lists are read again.
 */
export function useImport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ImportRecord>(importKeys.one(id as string));
      const record = await getImport(id as string, signal);
      if (APPLIED.has(record.status) && before?.status !== record.status) {
        // Businesses were created and changed: every list shows them (not this query).
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== importKeys.all[0] });
      }
      return record;
    },
    enabled: id !== null,
    refetchInterval: (query) => importRefetchInterval(query.state.data, query.state.dataUpdateCount),
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
  return {
    upload: useMutation({ mutationFn: uploadImport, onSuccess: store }),
    preview: useMutation({
      mutationFn: (input: { id: string; mapping: ImportMappingValue }) =>
        previewImport(input.id, input.mapping),
      onSuccess: (answer) => store(answer.import),
    }),
    commit: useMutation({
      mutationFn: (input: { id: string; sendOwnerAccess: boolean }) =>
        commitImport(input.id, input.sendOwnerAccess),
      onSuccess: store,
    }),
    cancel: useMutation({
      mutationFn: cancelImport,
      onSuccess: store,
      // A 409 (it ended meanwhile): read it again, so the screen shows how it ended.
      onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: importKeys.one(id) }),
    }),
    retryOwnerAccess: useMutation({ mutationFn: retryOwnerAccess, onSuccess: store }),
  };
}
