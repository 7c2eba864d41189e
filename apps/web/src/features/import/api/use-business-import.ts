// The import screen's calls: the import (polled while its job runs or its owners' mails are
// queued), the person's recent imports, and upload / preview / commit / retry of the mails.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
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

const mailsQueued = (record: ImportRecord | undefined) => (record?.owner_access?.pending ?? 0) > 0;

/**
 * The import; every second while its job runs, then while its owners' mails are queued. Once
 * done, the directory's lists are read again.
 */
export function useImport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ImportRecord>(importKeys.one(id as string));
      const record = await getImport(id as string, signal);
      if (record.status === 'done' && before?.status !== 'done') {
        // Businesses were created and changed: every list shows them (not this query).
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== importKeys.all[0] });
      }
      return record;
    },
    enabled: id !== null,
    // Mails wait a minute or more between tries, and one of a business in the trash waits for it:
    // after two minutes of quick reads, every 30 seconds is enough.
    refetchInterval: (query) =>
      isRunning(query.state.data)
        ? 1000
        : mailsQueued(query.state.data)
          ? query.state.dataUpdateCount < 40
            ? 3000
            : 30_000
          : false,
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
    retryOwnerAccess: useMutation({ mutationFn: retryOwnerAccess, onSuccess: store }),
  };
}
