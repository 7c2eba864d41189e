// An import as the API answers it, for the import screen's tests: a one-row file, nothing run yet
// reported; each test sets what it is about.
import type { ImportRecord } from '../../api/business-import-api.ts';

export const TEST_IMPORT_ID = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';

export const importRecord = (values: Partial<ImportRecord> = {}): ImportRecord => ({
  import_id: TEST_IMPORT_ID,
  file_name: 'negocios.csv',
  status: 'done',
  total_rows: 1,
  processed_rows: 1,
  cancel_requested: false,
  failure_reason: null,
  row_results: 'all',
  columns: [],
  mapping: {},
  summary: null,
  error_count: 0,
  send_owner_access: false,
  owner_access: null,
  created_by: 'ana@portal.test',
  created_at: '2026-11-28T12:00:00.000Z',
  finished_at: null,
  ...values,
});
