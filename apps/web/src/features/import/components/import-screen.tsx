// /importar: import businesses from a spreadsheet. The import's id is in the URL
// (?importacion=…), so its progress survives a reload and navigation.
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import { hasEnded, isRunning, useImport, useImportMutations } from '../api/use-business-import.ts';
import { FileDrop } from './file-drop.tsx';
import { ImportLoadState } from './import-load-state.tsx';
import { ImportProgress } from './import-progress.tsx';
import { ImportResult } from './import-result.tsx';
import { ImportReview } from './import-review.tsx';
import { RecentImports } from './recent-imports.tsx';

const PARAM = 'importacion';

export default function ImportScreen() {
  const [params, setParams] = useSearchParams();
  const id = params.get(PARAM);
  const current = useImport(id);
  const { upload } = useImportMutations();
  const open = (importId: string | null) => setParams(importId ? { [PARAM]: importId } : {});
  // Back to the file step from a review (a wrong file): the focus goes to 'Elegir archivo'.
  const [chooseAgain, setChooseAgain] = useState(false);
  const another = (fromReview: boolean) => {
    setChooseAgain(fromReview);
    open(null);
  };

  let body: ReactNode;
  if (id === null) {
    body = (
      <div className="space-y-6">
        <FileDrop
          onFile={(file) => upload.mutate(file, { onSuccess: (record) => open(record.import_id) })}
          uploading={upload.isPending}
          error={upload.error}
          focusChooser={chooseAgain}
        />
        <RecentImports />
      </div>
    );
  } else if (!current.data) {
    body = <ImportLoadState query={current} onAnother={() => another(false)} />;
  } else if (isRunning(current.data)) {
    body = <ImportProgress record={current.data} readError={current.isError ? current.error : null} />;
  } else if (hasEnded(current.data)) {
    body = <ImportResult record={current.data} onAnother={() => another(false)} />;
  } else {
    body = (
      <ImportReview key={current.data.import_id} record={current.data} onAnother={() => another(true)} />
    );
  }

  return (
    <div>
      <PageHeader
        level={1}
        title="Importar negocios"
        description="Cree y actualice negocios desde una hoja de cálculo CSV o Excel."
      />
      {body}
    </div>
  );
}
