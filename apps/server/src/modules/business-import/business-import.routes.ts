// /admin|master/business-import/api/v1: upload a spreadsheet, preview it, commit it (a job), follow
// its progress, cancel it, discard one not started, list one's imports, read or download the rows in error, download what
// each row did, send the owners' failed mails again.
import multipart from '@fastify/multipart';
import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  ImportCommitBody,
  ImportMapping,
  ImportParams,
  ImportPreviewBody,
} from '@portal/contract/business-import';
import { CSV_BOM, downloadFileName } from '@portal/contract/csv';
import * as R from '@portal/contract/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { csvChunks, sendCsv } from '../../http/csv-stream.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { badRequest, HttpError } from '../../http/http-error.ts';
import { answerAsWrite } from '../../http/read-routing.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as service from './business-import.service.ts';

const params = ImportParams;

/** The one `file` part (and an optional `mapping` field, JSON, sent before it). */
async function readUpload(request: FastifyRequest): Promise<service.Upload> {
  if (!request.isMultipart()) throw badRequest(IMPORT_MSG.fileRequired);
  try {
    const part = await request.file({
      limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1, fields: 5, fieldSize: 64 * 1024 },
    });
    if (part?.fieldname !== 'file') throw badRequest(IMPORT_MSG.fileRequired);
    const bytes = await part.toBuffer();
    const field = part.fields.mapping;
    const text = field && !Array.isArray(field) && 'value' in field ? String(field.value) : undefined;
    let mapping: ImportMapping | undefined;
    if (text !== undefined) {
      const parsed = ImportMapping.safeParse(safeJson(text));
      if (!parsed.success) throw badRequest(IMPORT_MSG.mappingColumn);
      mapping = parsed.data;
    }
    return { fileName: part.filename || 'archivo', bytes, ...(mapping ? { mapping } : {}) };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_MSG.fileTooLarge);
    if (code?.startsWith('FST_')) throw badRequest(IMPORT_MSG.fileRequired);
    throw error;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const businessImportRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1, fields: 5, parts: 10 },
  });
  const { get, post, delete: del, download } = staffRoutes(app);
  familyHealth(app, 'business-import');
  const ownerOf = (request: FastifyRequest) => service.ownerOf(request.auth);

  post(
    '/imports',
    {
      summary:
        'Upload a spreadsheet to import businesses (multipart/form-data, one `file`: CSV or XLSX, at most 20 MB and 100,000 rows)',
      response: R.BusinessImportResponse,
      status: 201,
    },
    async (request) => {
      const upload = await readUpload(request);
      const record = await service.createImport(ctx.db, request.auth, request.ip ?? null, upload);
      return { import: service.present(record) };
    },
  );

  get(
    '/imports',
    { summary: "The caller's imports (the master's: every import)", response: R.BusinessImportListResponse },
    (request) => service.listImports(ctx.db, ownerOf(request)),
  );

  get(
    '/imports/:import_id',
    { summary: 'An import and its progress', params, response: R.BusinessImportResponse },
    async (request) => {
      const record = await service.requireImport(ctx.db, request.params.import_id, ownerOf(request));
      // The job wrote outside the caller's requests: their next reads must include its rows.
      if (['done', 'failed', 'cancelled'].includes(record.status)) answerAsWrite(request);
      return { import: service.present(record) };
    },
  );

  post(
    '/imports/:import_id/preview',
    {
      summary: 'What each row would do (writes nothing to the businesses)',
      params,
      body: ImportPreviewBody,
      response: R.BusinessImportPreviewResponse,
    },
    (request) =>
      service.previewImport(ctx.db, ownerOf(request), request.params.import_id, request.body?.mapping),
  );

  post(
    '/imports/:import_id/commit',
    {
      summary: 'Start the import (a background job; answers 202)',
      params,
      body: ImportCommitBody,
      response: R.BusinessImportResponse,
      status: 202,
    },
    async (request) => {
      const record = await service.commitImport(
        ctx.db,
        ownerOf(request),
        request.params.import_id,
        request.body?.send_owner_access ?? false,
        actorOf(request),
        request.body?.mapping,
      );
      ctx.importWorker?.poke();
      return { import: service.present(record) };
    },
  );

  post(
    '/imports/:import_id/cancel',
    {
      summary:
        'Cancel a queued or running import (answers 202): a queued one applies nothing; a running one stops once its batch in progress commits, its rows not run marked in the results. 409 once it has ended',
      params,
      response: R.BusinessImportResponse,
      status: 202,
    },
    async (request) => {
      const record = await service.cancelImport(
        ctx.db,
        ownerOf(request),
        request.params.import_id,
        actorOf(request),
      );
      return { import: service.present(record) };
    },
  );

  del(
    '/imports/:import_id',
    {
      summary:
        'Discard an import not started (uploaded or previewed) with its rows; 409 once it has been started',
      params,
      response: R.MessageResponse,
    },
    async (request) => {
      await service.discardImport(ctx.db, ownerOf(request), request.params.import_id, actorOf(request));
      return { message: IMPORT_MSG.discarded };
    },
  );

  post(
    '/imports/:import_id/owner-access/retry',
    {
      summary: "Send again the owners' access mails that failed on every try",
      params,
      response: R.BusinessImportResponse,
    },
    async (request) => {
      const record = await service.retryOwnerAccess(
        ctx.db,
        ownerOf(request),
        request.params.import_id,
        actorOf(request),
      );
      ctx.importWorker?.poke();
      return { import: service.present(record) };
    },
  );

  get(
    '/imports/:import_id/error-rows',
    {
      summary:
        'The rows in error (the first 1,000, as the errors file has them), each with its messages per field, as the preview answers them',
      params,
      response: R.BusinessImportErrorRowsResponse,
    },
    (request) => service.errorRowList(ctx.db, ownerOf(request), request.params.import_id),
  );

  download(
    '/imports/:import_id/errors',
    { summary: 'The rows in error as CSV (the first 1,000), to fix and import again', params },
    async (request, reply) => {
      const { csv } = await service.errorsCsv(ctx.db, ownerOf(request), request.params.import_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${downloadFileName(['errores-importacion'], 'csv')}"`,
        )
        .send(csv.startsWith(CSV_BOM) ? csv : CSV_BOM + csv);
    },
  );

  download(
    '/imports/:import_id/results',
    {
      summary:
        'What the import did to each row, as CSV: created (with its registry number), updated, unchanged or error; a cancelled or failed import also lists its rows not run',
      params,
    },
    async (request, reply) => {
      const rows = await service.resultsCsv(ctx.db, ownerOf(request), request.params.import_id);
      const fileName = downloadFileName(['resultado-importacion'], 'csv');
      return sendCsv(reply, fileName, csvChunks(service.RESULTS_CSV_HEADERS, rows), async () => {});
    },
  );
};
