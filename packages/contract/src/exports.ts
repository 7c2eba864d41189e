// The `format` query parameter of every export route: csv (default) or xlsx. The rest
// (file names, media types, the total's header) is in export-files.ts, which the portal imports
// without zod.
import { z } from 'zod';
import { EXPORT_FORMATS } from './export-files.ts';
import { MSG } from './messages.ts';

export * from './export-files.ts';

export const exportFormatSchema = z
  .enum(EXPORT_FORMATS, { error: MSG.exportFormat })
  .default('csv')
  .describe('csv (default) or xlsx');
