import type { ImportRecord } from '../../../api/business-import-api.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { StatTile } from '../../../ui/stat-tile.tsx';

type Summary = NonNullable<ImportRecord['summary']>;

/** The four counts of a preview (what would happen) or of a finished import (what happened). */
export function ImportCounts({ summary, done = false }: { summary: Summary; done?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <StatTile label={done ? 'Creados' : 'Nuevos'} value={formatCount(summary.create)} tone="blue" />
      <StatTile
        label={done ? 'Actualizados' : 'Por actualizar'}
        value={formatCount(summary.update)}
        tone="green"
      />
      <StatTile label="Sin cambios" value={formatCount(summary.unchanged)} tone="slate" />
      <StatTile
        label="Con errores"
        value={formatCount(summary.error)}
        tone={summary.error > 0 ? 'red' : 'slate'}
      />
    </dl>
  );
}
