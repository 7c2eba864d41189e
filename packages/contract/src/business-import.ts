// Importing businesses from a spreadsheet: the fields a column can fill, the limits,
// the suggested mapping from a file's headers, and the request bodies of the import routes.
import { z } from 'zod';
import { businessColumnLabel } from './business-columns.ts';

/** The business fields an imported column can fill, in the order the mapping table lists them. */
export const IMPORT_FIELDS = [
  'business_registry_number',
  'business_name',
  'business_owner',
  'business_email',
  'business_phone',
  'business_address',
  'business_category',
  'business_description',
  'business_year',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What a row without a registry number needs to become a business (SPEC §5, less the password). */
export const IMPORT_REQUIRED_FIELDS = [
  'business_name',
  'business_owner',
  'business_email',
  'business_phone',
] as const satisfies readonly ImportField[];

export const IMPORT_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  maxColumns: 100,
  /** Cells a CSV row may have, counted before it is read (those past the header's are ignored). */
  maxCsvCells: 1000,
  /** What an XLSX may inflate to, in all (a zip bomb is refused before and while it is read). */
  maxInflatedBytes: 256 * 1024 * 1024,
  /** Rows the preview answers with: the first ones, then every row in error up to errorRows. */
  previewRows: 100,
  errorRows: 1000,
  /** Days an import (its rows and errors) is kept. */
  retentionDays: 30,
} as const;

export const IMPORT_STATUSES = [
  'uploaded',
  'previewed',
  'queued',
  'running',
  'done',
  'failed',
  'cancelled',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/**
 * Why an import ended 'failed', as the API says it (the error's own text stays on the server):
 * the admin who started it is no longer active, the database failed on every try, or anything else.
 */
export const IMPORT_FAILURE_REASONS = ['owner_inactive', 'database', 'unexpected'] as const;
export type ImportFailureReason = (typeof IMPORT_FAILURE_REASONS)[number];
/** What the portal says for each reason. */
export const IMPORT_FAILURE_REASON_LABELS: Record<ImportFailureReason, string> = {
  owner_inactive: 'El administrador que la inició ya no está activo.',
  database: 'La base de datos no respondió tras varios intentos.',
  unexpected: 'Ocurrió un error inesperado.',
};

/**
 * Which rows an import's results file lists: all of them (those not run marked as such), only the
 * rows its job ran (one still running, or one that failed before its rows not run were marked,
 * migration 086), or none (its job has not run, or ran before results were kept, migration 080).
 */
export const IMPORT_ROW_RESULTS = ['all', 'rows_run', 'none'] as const;
export type ImportRowResults = (typeof IMPORT_ROW_RESULTS)[number];

/** What the server answers when an import goes wrong (the portal shows messages-es.ts's Spanish). */
export const IMPORT_MSG = {
  fileRequired: 'Send the spreadsheet as the multipart field "file"',
  fileType: 'The file must be a CSV or XLSX spreadsheet',
  fileTooLarge: 'The file is larger than 20 MB',
  fileEmpty: 'The file has no rows to import',
  noHeaders: 'The first row of the file must name its columns',
  tooManyRows: 'The file has more than 100,000 rows',
  tooManyColumns: 'The file has more than 100 columns',
  xlsxUnreadable: 'The XLSX file could not be read',
  /**
   * `encoding`: the row has bytes that are not UTF-8 (a damaged header cannot name its columns);
   * `cells`: the row has more than IMPORT_LIMITS.maxCsvCells cells.
   */
  csvUnreadable: (row?: number, cause: 'quotes' | 'encoding' | 'cells' = 'quotes') =>
    row === undefined
      ? 'The CSV file could not be read'
      : cause === 'encoding'
        ? `The CSV file could not be read at row ${row}: it has bytes that are not UTF-8 text`
        : cause === 'cells'
          ? `The CSV file could not be read at row ${row}: it has more than 1000 cells`
          : `The CSV file could not be read at row ${row}: check that its quotes are closed`,
  zipBomb: 'The XLSX file expands past the allowed size',
  mappingColumn: 'The mapping names a column the file does not have',
  mappingTwice: 'Each field can be filled from one column only',
  mappingRequired: (fields: string[]) => `No column is mapped to the required fields: ${fields.join(', ')}`,
  importNotFound: 'Import not found',
  alreadyCommitted: 'This import has already been started',
  notPreviewed: 'Preview the import before starting it',
  previewChanged:
    'This import was previewed again with another mapping: review the new preview before starting it',
  notRun: 'This import has not run yet: it has no results',
  cancelNotStarted: 'This import has not been started: there is nothing to cancel',
  cancelFinished: 'This import has already ended: it can no longer be cancelled',
  discardStarted: 'This import has already been started: it can no longer be discarded',
  discarded: 'Import discarded',
  // Row errors the import's own (a field's value refused is said in the staff forms' Spanish,
  // register-business-form.ts, by the server's row checks)
  unknownRegistry: 'No business has this registry number',
  emailTakenByFile: 'An earlier row of this file has this email',
  phoneTakenByFile: 'An earlier row of this file has this phone',
  emailChangeNeedsCode: "A registered business's email changes with a verification code (Update Email)",
  invalidValue: 'Invalid value',
} as const;

/** Lower case, no accents, one space between words: how headers are compared. */
export const normalizeHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();

/** Other words staff use for a field, besides its SPEC name and the export's Spanish header. */
const SYNONYMS: Partial<Record<ImportField, string[]>> = {
  business_registry_number: ['registro', 'numero de registro', 'registry number'],
  business_name: ['negocio', 'nombre del negocio', 'name'],
  business_owner: ['dueno', 'duena', 'propietaria', 'owner'],
  business_email: ['correo', 'correo electronico', 'e-mail', 'email'],
  business_phone: ['telefono', 'tel', 'phone'],
  business_address: ['direccion', 'address'],
  business_category: ['categoria', 'category'],
  business_description: ['descripcion', 'description'],
  business_year: ['ano', 'año', 'year', 'ano de fundacion'],
};

const KNOWN = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const name of [field, businessColumnLabel(field), ...(SYNONYMS[field] ?? [])]) {
    const key = normalizeHeader(name);
    if (!KNOWN.has(key)) KNOWN.set(key, field);
  }
}

/** The field a header fills by itself (SPEC's name, the directory export's header), or null. */
export const fieldOfHeader = (header: string): ImportField | null =>
  KNOWN.get(normalizeHeader(header)) ?? null;

/** The suggested mapping: each header to its field, a field taken by its first header only. */
export function suggestMapping(columns: readonly string[]): Record<string, ImportField | null> {
  const used = new Set<ImportField>();
  const mapping: Record<string, ImportField | null> = {};
  for (const column of columns) {
    const field = fieldOfHeader(column);
    mapping[column] = field && !used.has(field) ? field : null;
    if (field) used.add(field);
  }
  return mapping;
}

/** The required fields a mapping leaves without a column ([] when it maps the registry number). */
export function missingRequiredFields(mapping: Record<string, ImportField | null>): ImportField[] {
  const mapped = new Set(Object.values(mapping));
  if (mapped.has('business_registry_number')) return [];
  return IMPORT_REQUIRED_FIELDS.filter((field) => !mapped.has(field));
}

export const ImportMapping = z
  .record(z.string().max(200), z.enum(IMPORT_FIELDS).nullable())
  .describe('Each column header of the file to the field it fills, or null to leave it out');
export type ImportMapping = z.infer<typeof ImportMapping>;

export const ImportParams = z.object({ import_id: z.uuid() });
export const ImportPreviewBody = z.object({ mapping: ImportMapping.optional() }).strict();
export const ImportCommitBody = z
  .object({
    send_owner_access: z
      .boolean()
      .optional()
      .describe("Mail each created business's owner a temporary password (off by default)"),
    mapping: ImportMapping.optional().describe(
      'The mapping whose preview the caller saw: 409 when the import was previewed since with another',
    ),
  })
  .strict();
export type ImportCommitBody = z.infer<typeof ImportCommitBody>;
