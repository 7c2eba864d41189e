// The import screen's calls (issue #32): the import (polled while its job runs), the person's
// recent imports, and upload / preview / commit.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commitImport,
  getImport,
  type ImportMappingValue,
  type ImportRecord,
  listImports,
  previewImport,
  uploadImport,
} from '../../../api/business-import-api.ts';

export const importKeys = {
  all: ['business-import'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  one: (id: string) => [...importKeys.all, 'one', id] as const,
};

const RUNNING = new Set(['queued', 'running']);
export const isRunning = (record: ImportRecord | undefined) => (record ? RUNNING.has(record.status) : false);

/** The import; every second while its job runs. Once done, the directory's lists are read again. */
export function useImport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const record = await getImport(id as string, signal);
      if (record.status === 'done') {
        // Businesses were created and changed: every list shows them (not this query).
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== importKeys.all[0] });
      }
      return record;
    },
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false),
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
  };
}
