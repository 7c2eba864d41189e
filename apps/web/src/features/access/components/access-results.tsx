import type { AccessControlList } from '@portal/contract/access';
import { MSG } from '@portal/contract/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { AccessControlsPanel } from '../../../ui/business/access/access-controls-panel.tsx';
import { AccessHistorySection } from '../../../ui/business/access/access-history-section.tsx';
import { isNotFound, type Viewer } from '../../../ui/business/access/access-rules.ts';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BusinessSummary } from './business-summary.tsx';

interface AccessResultsProps {
  registry: string;
  query: UseQueryResult<AccessControlList>;
  viewer: Viewer;
  historyPage: number;
  onHistoryPageChange: (page: number) => void;
}

/** What a registry search found: loading, not found, an error, or the business and its access. */
export function AccessResults({
  registry,
  query,
  viewer,
  historyPage,
  onHistoryPageChange,
}: AccessResultsProps) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (query.error instanceof ApiError && isNotFound(query.error.serverMessage)) {
      return (
        <EmptyState
          icon={<SearchX className="size-6" />}
          title="NEGOCIO NO ENCONTRADO"
          description={`El número de registro "${registry}" no se encontró`}
        />
      );
    }
    return <QueryError query={query} fallback={displayMessage(MSG.sendCodeUnexpected)} />;
  }
  return (
    <div className="space-y-8">
      <BusinessSummary business={query.data.business} viewer={viewer} />
      <AccessControlsPanel registry={registry} records={query.data.access_controls} viewer={viewer} />
      <AccessHistorySection
        registry={registry}
        page={historyPage}
        onPageChange={onHistoryPageChange}
        viewer={viewer}
      />
    </div>
  );
}
