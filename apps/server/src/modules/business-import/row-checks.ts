// What an import does with each row, decided the same way by the preview and by the
// job: a row with a registry number updates that business (only its mapped fields; a different
// email is an error, and a new phone is no longer verified), a row without one creates a business
// validated as a registration (SPEC §5). An email or phone that another business has, or an
// earlier row of the file, is an error on that row, and so is a registry number an earlier row of
// the file has, and so is a row with characters that could not be read. Messages are Spanish:
// a field's value is refused in the words of the staff forms ('Registrar Nuevo Negocio', 'Editar
// datos'), and every message ends with a period, as the import's own do.
import { businessColumnLabel } from '@portal/contract/business-columns';
import {
  IMPORT_FIELDS,
  IMPORT_MSG,
  IMPORT_REQUIRED_FIELDS,
  type ImportAction,
  type ImportField,
} from '@portal/contract/business-import';
import { EDIT_BUSINESS_FORM_MESSAGES } from '@portal/contract/edit-business-form';
import { currentYear, LIMITS } from '@portal/contract/limits';
import { spanishMessage } from '@portal/contract/messages-es';
import { RegistrationFields } from '@portal/contract/public-registration';
import { REGISTER_FORM_MESSAGES as FORM } from '@portal/contract/register-business-form';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import * as repo from './business-import.repository.ts';

export interface RowError {
  field: string;
  message: string;
}

/** A row error as the import's files write it: '<field's Spanish label>: <message>'. */
export const errorText = (error: RowError) =>
  error.field
    ? `${(IMPORT_FIELDS as readonly string[]).includes(error.field) ? businessColumnLabel(error.field) : error.field}: ${error.message}`
    : error.message;

type Values = Partial<Record<Exclude<ImportField, 'business_registry_number'>, string | number | null>>;

export interface RowOutcome {
  row: number;
  cells: string[];
  action: ImportAction;
  business_registry_number?: string;
  business_name?: string;
  errors?: RowError[];
  /** create: every field; update: the changed fields only. */
  values?: Values;
  /** update: the business it changes. */
  businessId?: number;
}

/** Emails and phones earlier rows of the file take (a preview keeps them across its batches). */
export interface Taken {
  emails: Set<string>;
  phones: Set<string>;
}
export const nothingTaken = (): Taken => ({ emails: new Set(), phones: new Set() });

const REQUIRED = new Set<string>(IMPORT_REQUIRED_FIELDS);
const SHAPE = RegistrationFields.shape;

/** A message as a row shows it: one sentence, ending with a period like the import's own. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A message of the contract in Spanish (messages-es.ts), 'Valor no válido.' when it has none. */
function spanish(message: string): string {
  return sentence(spanishMessage(message) ?? (spanishMessage(IMPORT_MSG.invalidValue) as string));
}

type ValueField = Exclude<ImportField, 'business_registry_number'>;

/**
 * What the staff forms say of each field (register-business-form.ts, edit-business-form.ts):
 * blank, too long, or not a valid value. The forms choose the category from a list: its length
 * is said in their voice.
 */
const FIELD_MESSAGES: Record<ValueField, { required?: string; tooLong?: string; invalid?: () => string }> = {
  business_name: { required: FORM.businessNameRequired, tooLong: FORM.businessNameTooLong },
  business_owner: { required: EDIT_BUSINESS_FORM_MESSAGES.ownerRequired, tooLong: FORM.ownerTooLong },
  business_email: {
    required: FORM.emailRequired,
    tooLong: FORM.emailTooLong,
    invalid: () => FORM.emailInvalid,
  },
  business_phone: {
    required: FORM.phoneRequired,
    tooLong: FORM.phoneDigits,
    invalid: () => FORM.phoneDigits,
  },
  business_address: { tooLong: FORM.addressTooLong },
  business_category: {
    tooLong: `La categoría no puede exceder ${LIMITS.text.category} caracteres`,
  },
  business_description: { tooLong: FORM.descriptionTooLong },
  business_year: { invalid: () => FORM.yearRange(currentYear()) },
};

/** A required field's blank cell, in the forms' words. */
const requiredMessage = (field: ValueField) =>
  sentence(FIELD_MESSAGES[field].required ?? (spanishMessage(IMPORT_MSG.invalidValue) as string));

/** Why a cell's value was refused, in the forms' words for its field. */
function refusedMessage(field: ValueField, code: string | undefined): string {
  const messages = FIELD_MESSAGES[field];
  const text =
    code === 'too_big'
      ? messages.tooLong
      : // A text of spaces or invisible characters only reads as blank.
        (messages.invalid?.() ?? messages.required);
  return text ? sentence(text) : spanish(IMPORT_MSG.invalidValue);
}

/** A cell's value for its field, checked by the registration's schema; null for a blank cell. */
function fieldValue(field: ValueField, cell: string): { value: string | number | null } | { error: string } {
  if (cell === '') return { value: null };
  const input = field === 'business_year' && /^\d+(\.0+)?$/.test(cell) ? Number.parseInt(cell, 10) : cell;
  const parsed = SHAPE[field].safeParse(input);
  if (!parsed.success) return { error: refusedMessage(field, parsed.error.issues[0]?.code) };
  return { value: (parsed.data as string | number | null | undefined) ?? null };
}

/** The mapped cells of a row by field. */
function mappedCells(cells: string[], fields: (ImportField | null)[]) {
  const out: Partial<Record<ImportField, string>> = {};
  fields.forEach((field, i) => {
    if (field) out[field] = cells[i] ?? '';
  });
  return out;
}

/** A row holding U+FFFD: the file had bytes there that are not UTF-8 (spreadsheet-reader.ts). */
export const UNREADABLE_ROW =
  'Esta fila tiene caracteres que no se pudieron leer: guarde el archivo como CSV UTF-8 y vuelva a importarla.';
const unreadable = (cells: string[]) => cells.some((cell) => cell.includes('\uFFFD'));

/** A formula's error as Excel writes it in the cell (and in a CSV it saves): no value to import. */
const EXCEL_ERROR = /^#(?:N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!|SPILL!|CALC!|GETTING_DATA)$/;
export const excelErrorText = (code: string) =>
  `La celda tiene un error de Excel (${code}): corríjalo en su hoja de cálculo.`;

/** The mapped cells holding an Excel error, each named by its field. */
function excelErrors(data: Partial<Record<ImportField, string>>): RowError[] {
  return Object.entries(data)
    .filter(([, text]) => EXCEL_ERROR.test(text?.trim() ?? ''))
    .map(([field, text]) => ({ field, message: excelErrorText((text ?? '').trim()) }));
}

/** A deleted business keeps its number in the trash: 'no business has it' would send staff looking. */
export const IN_TRASH = 'Este negocio está en la Papelera: restáurelo antes de importar sus cambios.';

/** Which of two rows updating one business should win is not for the import to guess. */
const registryRepeated = (firstRow: number) =>
  `La fila ${firstRow} de este archivo tiene este número de registro.`;

/**
 * Decides each row of a batch; `taken` carries the emails and phones of earlier rows, `repeated`
 * the file's registry numbers that more than one row has, with the first of those rows.
 */
export async function checkRows(
  db: Kysely<Database> | Transaction<Database>,
  rows: { row: number; cells: string[] }[],
  fields: (ImportField | null)[],
  taken: Taken,
  repeated: ReadonlyMap<string, number>,
): Promise<RowOutcome[]> {
  const mapped = fields.filter((f): f is ValueField => Boolean(f && f !== 'business_registry_number'));
  const inputs = rows.map((r) => ({ ...r, data: mappedCells(r.cells, fields) }));
  const registries = inputs
    .map((r) => r.data.business_registry_number?.toUpperCase())
    .filter((r): r is string => Boolean(r));
  const existing = await repo.businessesByRegistry(db, [...new Set(registries)]);
  const trashed = await repo.trashedRegistries(
    db,
    [...new Set(registries)].filter((registry) => !existing.has(registry)),
  );

  const outcomes: RowOutcome[] = inputs.map(({ row, cells, data }) => {
    if (unreadable(cells)) {
      const name = data.business_name ? { business_name: data.business_name } : {};
      return { row, cells, ...name, action: 'error', errors: [{ field: '', message: UNREADABLE_ROW }] };
    }
    // Otherwise '#N/A' would read as a value (a name) or its cell as blank ('obligatorio').
    const formulaErrors = excelErrors(data);
    if (formulaErrors.length > 0) {
      const name = data.business_name && !EXCEL_ERROR.test(data.business_name.trim());
      return {
        row,
        cells,
        ...(name ? { business_name: data.business_name } : {}),
        action: 'error',
        errors: formulaErrors,
      };
    }
    const errors: RowError[] = [];
    const values: Values = {};
    const registry = data.business_registry_number?.toUpperCase() || undefined;
    const business = registry ? existing.get(registry) : undefined;
    const firstRow = registry ? (repeated.get(registry) ?? row) : row;
    if (registry && !business) {
      const message = trashed.has(registry) ? IN_TRASH : spanish(IMPORT_MSG.unknownRegistry);
      errors.push({ field: 'business_registry_number', message });
    } else if (firstRow < row) {
      errors.push({ field: 'business_registry_number', message: registryRepeated(firstRow) });
    }
    for (const field of mapped) {
      const cell = data[field] ?? '';
      if (cell === '' && (REQUIRED.has(field) || !registry)) {
        if (REQUIRED.has(field)) errors.push({ field, message: requiredMessage(field) });
        continue;
      }
      const result = fieldValue(field, cell);
      if ('error' in result) errors.push({ field, message: result.error });
      else values[field] = result.value;
    }
    if (!registry) {
      for (const field of IMPORT_REQUIRED_FIELDS) {
        if (!mapped.includes(field)) errors.push({ field, message: requiredMessage(field) });
      }
    }
    const name =
      (values.business_name as string | undefined) ?? business?.business_name ?? data.business_name;
    const base = { row, cells, ...(name ? { business_name: name } : {}) };
    if (errors.length > 0) {
      return {
        ...base,
        action: 'error',
        errors,
        ...(registry ? { business_registry_number: registry } : {}),
      };
    }
    if (!business) return { ...base, action: 'create', values };
    const changed: Values = {};
    for (const [field, value] of Object.entries(values) as [keyof Values, string | number | null][]) {
      const now = business[field];
      const same =
        field === 'business_email'
          ? String(now).toLowerCase() === String(value).toLowerCase()
          : (now ?? null) === value;
      if (!same) changed[field] = value;
    }
    // SPEC §7: an email changes only through the code flow, as the edit route refuses it too.
    if (changed.business_email !== undefined) {
      return {
        ...base,
        action: 'error',
        errors: [{ field: 'business_email', message: spanish(IMPORT_MSG.emailChangeNeedsCode) }],
        business_registry_number: business.business_registry_number,
      };
    }
    const action = Object.keys(changed).length > 0 ? 'update' : 'unchanged';
    return {
      ...base,
      action,
      business_registry_number: business.business_registry_number,
      businessId: business.id,
      values: changed,
    };
  });

  await checkTaken(db, outcomes, taken);
  return outcomes;
}

/** Errors for emails and phones another business or an earlier row has; records the rest as taken. */
async function checkTaken(
  db: Kysely<Database> | Transaction<Database>,
  outcomes: RowOutcome[],
  taken: Taken,
) {
  const writing = outcomes.filter((o) => o.action === 'create' || o.action === 'update');
  const emails = writing
    .map((o) => o.values?.business_email)
    .filter((v): v is string => typeof v === 'string');
  const phones = writing
    .map((o) => o.values?.business_phone)
    .filter((v): v is string => typeof v === 'string');
  const { byEmail, byPhone } = await repo.holders(
    db,
    [...new Set(emails.map((e) => e.toLowerCase()))],
    [...new Set(phones)],
  );
  for (const outcome of writing) {
    const errors: RowError[] = [];
    const email = outcome.values?.business_email;
    const phone = outcome.values?.business_phone;
    if (typeof email === 'string') {
      const key = email.toLowerCase();
      const holder = byEmail.get(key);
      if (holder !== undefined && holder !== outcome.businessId) {
        errors.push({ field: 'business_email', message: sentence(FORM.emailTaken) });
      } else if (taken.emails.has(key)) {
        errors.push({ field: 'business_email', message: spanish(IMPORT_MSG.emailTakenByFile) });
      }
    }
    if (typeof phone === 'string') {
      const holder = byPhone.get(phone);
      if (holder !== undefined && holder !== outcome.businessId) {
        errors.push({ field: 'business_phone', message: sentence(FORM.phoneTaken) });
      } else if (taken.phones.has(phone)) {
        errors.push({ field: 'business_phone', message: spanish(IMPORT_MSG.phoneTakenByFile) });
      }
    }
    if (errors.length > 0) {
      outcome.action = 'error';
      outcome.errors = errors;
      continue;
    }
    if (typeof email === 'string') taken.emails.add(email.toLowerCase());
    if (typeof phone === 'string') taken.phones.add(phone);
  }
}

/**
 * The row's error for a write the database refused (a constraint the checks did not foresee, e.g.
 * a business registered meanwhile with the same email): its field, from the constraint's name
 * ('' when the constraint names none).
 */
export function constraintError(error: unknown): RowError {
  const constraint = (error as { constraint?: string })?.constraint ?? '';
  if (constraint === 'businesses_email_unique') {
    return { field: 'business_email', message: sentence(FORM.emailTaken) };
  }
  if (constraint === 'businesses_phone_unique') {
    return { field: 'business_phone', message: sentence(FORM.phoneTaken) };
  }
  const field = /^businesses_(business_[a-z_]+?)(_check|_key)$/.exec(constraint)?.[1];
  return { field: field ?? '', message: spanish(IMPORT_MSG.invalidValue) };
}
