// Uploading spreadsheets in import tests: a multipart body built by hand, and the
// calls of the import family.
import { randomUUID } from 'node:crypto';
import { STAFF_AUDIT_PATH, type StaffActionRecord } from '@portal/contract/staff-audit';
import { expect } from 'vitest';
import type { Headers, TestApp } from './helpers.ts';

export const IMPORTS = '/business-import/api/v1/imports';

/** A multipart/form-data body with one `file` part (and text fields sent before it). */
export function multipartBody(
  fileName: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
) {
  const boundary = `----prueba${randomUUID().replace(/-/g, '')}`;
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export function importCalls(t: TestApp, headers: Headers, role: 'admin' | 'master' = 'admin') {
  const base = `/${role}${IMPORTS}`;
  return {
    upload: (fileName: string, content: Buffer | string, fields: Record<string, string> = {}) => {
      const { payload, contentType } = multipartBody(fileName, content, fields);
      return t.app.inject({
        method: 'POST',
        url: base,
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
    },
    preview: (id: string, body: object = {}) =>
      t.app.inject({ method: 'POST', url: `${base}/${id}/preview`, headers, payload: body }),
    commit: (id: string, body: object = {}) =>
      t.app.inject({ method: 'POST', url: `${base}/${id}/commit`, headers, payload: body }),
    get: (id: string) => t.app.inject({ method: 'GET', url: `${base}/${id}`, headers }),
    errors: (id: string) => t.app.inject({ method: 'GET', url: `${base}/${id}/errors`, headers }),
    errorRows: (id: string) => t.app.inject({ method: 'GET', url: `${base}/${id}/error-rows`, headers }),
    cancel: (id: string) => t.app.inject({ method: 'POST', url: `${base}/${id}/cancel`, headers }),
    discard: (id: string) => t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers }),
    results: (id: string) => t.app.inject({ method: 'GET', url: `${base}/${id}/results`, headers }),
    retryOwnerAccess: (id: string) =>
      t.app.inject({ method: 'POST', url: `${base}/${id}/owner-access/retry`, headers }),
    list: () => t.app.inject({ method: 'GET', url: base, headers }),
  };
}

/** A CSV of SPEC's field names, one line per row (cells already quoted where needed). */
export const csv = (lines: string[][], separator = ',') =>
  `${lines.map((cells) => cells.map((c) => (/[",;\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(separator)).join('\r\n')}\r\n`;

export const SPEC_HEADERS = [
  'business_name',
  'business_owner',
  'business_email',
  'business_phone',
  'business_category',
];

/**
 * Queues imports as a test needs them: each call uploads, previews and commits a file of `rows` new
 * businesses named '<prefix> 1'…, rows 2… of the file, and answers its id. Phones are `phones` (five
 * digits, one prefix per test file) then the file's number and the row's, so no two files collide.
 */
export function importQueue(calls: ReturnType<typeof importCalls>, phones: string) {
  let file = 0;
  return async (prefix: string, rows: number, by = calls) => {
    file += 1;
    const lines = Array.from({ length: rows }, (_, i) => [
      `${prefix} ${i + 1}`,
      'Ana Ruiz',
      `${prefix.toLowerCase().replace(/\s/g, '')}${i + 1}@correo.test`,
      `${phones}${String(file).padStart(2, '0')}${String(i).padStart(3, '0')}`,
      '',
    ]);
    const id = (await by.upload(`${prefix}.csv`, csv([SPEC_HEADERS, ...lines]))).json().import.import_id;
    expect((await by.preview(id)).json().import.summary.create).toBe(rows);
    expect((await by.commit(id)).statusCode).toBe(202);
    return id as string;
  };
}

/** The staff audit's rows of `action` about one import, read as the master. */
export async function importAuditRows(t: TestApp, master: Headers, action: string, importId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: STAFF_AUDIT_PATH,
    headers: master,
    query: { action },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().staff_actions as StaffActionRecord[]).filter(
    (row) => row.details.import_id === importId,
  );
}
