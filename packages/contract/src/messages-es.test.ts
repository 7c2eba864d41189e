// Every message the contract can put in front of a person has its Spanish text:
// the message tables of every contract module, the messages built from values, and whatever the
// contract's zod schemas write, found by walking each schema and by running it on bad input.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import './zod-setup.ts';
import { MSG } from './messages.ts';
import { spanishMessage, unexpectedErrorMessage, withSupportCode } from './messages-es.ts';

/** Exports that hold server messages, by the contract's naming (MSG, *_MSG, *_MESSAGES, *_MESSAGE...). */
const MESSAGE_EXPORT = /^(MSG|[A-Z_]+_MSG|[A-Z_]+_MESSAGES?|[A-Z_]+_(SENT|COMPLETED|UPDATED))$/;
/** The portal's own form texts, written in Spanish and never sent by the server. */
const PORTAL_FORM_TABLES = new Set([
  'ADMIN_FORM_MESSAGES',
  'REGISTER_FORM_MESSAGES',
  'EDIT_BUSINESS_FORM_MESSAGES',
  'PASSWORD_FORM_MESSAGES',
]);
/** Values for every message built by a function; a new function must add its own here. */
const SAMPLES: Record<string, unknown[]> = {
  'MSG.missingRequiredFields': [['business_name', 'business_email']],
  'MSG.missingLocationFields': [['location_city', 'location_zip_code']],
  'MSG.requestFailedWithStatus': [502],
  'MSG.accountStatus': ['suspendida'],
  'ADMIN_MSG.bulkDone': ['activate', 3],
  'ADMIN_MSG.bulkNotFound': [[4, 9]],
  'LOCATION_MESSAGES.tooLong': ['location_address_line1', 200],
  'REGISTRATION_MESSAGES.tooLong': ['business_name', 200],
  'IMPORT_MSG.mappingRequired': [['business_name', 'business_phone']],
  'IMPORT_MSG.csvUnreadable': [2],
};

type Module = Record<string, unknown>;
const modules: Array<[file: string, exports: Module]> = [];

beforeAll(async () => {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const file of readdirSync(here).sort()) {
    if (!file.endsWith('.ts') || file.includes('.test.')) continue;
    modules.push([file, (await import(`./${file}`)) as Module]);
  }
});

/** Every message of every message table, with where it comes from. */
function tableMessages(): Array<[where: string, message: string]> {
  const found: Array<[string, string]> = [];
  for (const [file, exports] of modules) {
    for (const [name, value] of Object.entries(exports)) {
      if (!MESSAGE_EXPORT.test(name) || PORTAL_FORM_TABLES.has(name)) continue;
      const entries = typeof value === 'string' ? [[name, value] as const] : Object.entries(value as object);
      for (const [key, message] of entries) {
        const where = typeof value === 'string' ? `${file} ${name}` : `${file} ${name}.${key}`;
        if (typeof message === 'string') found.push([where, message]);
        else if (typeof message === 'function') {
          const sample = SAMPLES[`${name}.${key}`];
          if (!sample) throw new Error(`${where}: add sample values for this message to SAMPLES`);
          found.push([where, (message as (...args: unknown[]) => string)(...sample)]);
        }
      }
    }
  }
  return found;
}

/** The Spanish texts of the portal's own form tables: a form schema may answer with them. */
function portalFormTexts(): Set<string> {
  const texts = new Set<string>();
  for (const [, exports] of modules)
    for (const name of PORTAL_FORM_TABLES)
      for (const value of Object.values((exports[name] ?? {}) as object))
        if (typeof value === 'string') texts.add(value);
  return texts;
}

interface ZodNode {
  _zod: { def: Record<string, unknown> & { error?: (issue: unknown) => unknown; checks?: ZodNode[] } };
  safeParse?: (input: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } };
}
const isSchema = (value: unknown): value is ZodNode =>
  typeof value === 'object' && value !== null && '_zod' in value;

const FAKE_ISSUES = [{}, { input: undefined }, { input: '' }, { input: 'x', code: 'invalid_type' }];

/** The messages written into a schema and its parts (`.min(2, '…')`, `{ error: '…' }`, refine). */
function schemaMessages(schema: ZodNode, into: Set<string>, seen = new Set<unknown>()) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const errors = [def.error, ...(def.checks ?? []).map((check) => check._zod.def.error)];
  for (const error of errors) {
    if (typeof error !== 'function') continue;
    for (const issue of FAKE_ISSUES) {
      try {
        const message = error(issue);
        if (typeof message === 'string') into.add(message);
        else if (message && typeof (message as { message?: unknown }).message === 'string')
          into.add((message as { message: string }).message);
      } catch {
        // an error function that needs a real issue: its message is reached by running the schema
      }
    }
  }
  for (const key of Object.keys(def)) {
    const value = def[key];
    const parts = Array.isArray(value)
      ? value
      : isSchema(value)
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value)
          : [];
    for (const part of parts) if (isSchema(part)) schemaMessages(part, into, seen);
  }
}

const BAD_INPUTS: unknown[] = [undefined, null, '', 'x', -1, 1e12, {}, [], { a: 1 }, true];

/** The messages a schema answers to bad input, as the server sends them (zod-setup's defaults). */
function runMessages(schema: ZodNode, into: Set<string>) {
  for (const input of BAD_INPUTS) {
    const result = schema.safeParse?.(input);
    for (const issue of result?.error?.issues ?? []) into.add(issue.message);
  }
}

function contractSchemaMessages(): Array<[where: string, message: string]> {
  const found: Array<[string, string]> = [];
  for (const [file, exports] of modules) {
    for (const [name, value] of Object.entries(exports)) {
      if (!isSchema(value)) continue;
      const messages = new Set<string>();
      schemaMessages(value, messages);
      runMessages(value, messages);
      for (const message of messages) found.push([`${file} ${name}`, message]);
    }
  }
  return found;
}

describe('Spanish text of every contract message', () => {
  it('finds the message tables and the schemas of the contract', () => {
    const tables = tableMessages();
    expect(tables.length).toBeGreaterThan(Object.keys(MSG).length);
    expect(new Set(tables.map(([where]) => where.split(' ')[0])).size).toBeGreaterThan(10);
    expect(contractSchemaMessages().map(([, message]) => message)).toContain(MSG.dateFromBeforeTo);
  });

  it('every message of every message table has its Spanish text', () => {
    const missing = tableMessages().filter(([, message]) => spanishMessage(message) === undefined);
    expect(missing).toEqual([]);
  });

  it('every message the contract schemas produce has its Spanish text', () => {
    const formTexts = portalFormTexts();
    const missing = contractSchemaMessages().filter(
      ([, message]) => spanishMessage(message) === undefined && !formTexts.has(message),
    );
    expect(missing).toEqual([]);
  });
});

describe('spanishMessage', () => {
  it('reads the issue messages staff saw in English', () => {
    expect(spanishMessage(MSG.passwordMinLong)).toBe('La contraseña debe tener al menos 8 caracteres');
    expect(spanishMessage(MSG.dateFromBeforeTo)).toBe('La fecha desde debe ser anterior a la fecha hasta.');
    expect(spanishMessage('Access updated successfully!')).toBe('¡Acceso actualizado exitosamente!');
    expect(spanishMessage(MSG.emailChangeUnauthorized)).toMatch(/^No autorizado: el código de verificación/);
  });

  it('maps messages with values and keeps the values', () => {
    expect(spanishMessage(MSG.missingRequiredFields(['business_name', 'business_phone']))).toBe(
      'Faltan campos requeridos: business_name, business_phone',
    );
    expect(spanishMessage(MSG.requestFailedWithStatus(503))).toBe('La solicitud falló (código 503).');
    expect(spanishMessage(MSG.accountStatus('suspendida'))).toBe(MSG.accountStatus('suspendida'));
  });

  it('knows nothing of a message outside the contract', () => {
    expect(spanishMessage('Something else broke')).toBeUndefined();
  });
});

describe('the generic text keeps the request id for support', () => {
  it('with and without a request id', () => {
    expect(unexpectedErrorMessage('req-42')).toBe('Ocurrió un error inesperado. Código de soporte: req-42');
    expect(unexpectedErrorMessage(null)).toBe('Ocurrió un error inesperado.');
    expect(withSupportCode('Error interno del servidor.', 'req-7')).toBe(
      'Error interno del servidor. Código de soporte: req-7',
    );
  });
});
