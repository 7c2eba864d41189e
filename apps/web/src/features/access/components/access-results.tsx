import type { AccessControlList } from '@portal/contract/access';
import { MSG } from '@portal/contract/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';
import { AccessControlsPanel } from '../../../ui/business/access/access-controls-panel.tsx';
import { AccessHistorySection } from '../../../ui/business/access/access-history-section.tsx';
import { isNotFound, type Viewer } from '../../../ui/business/access/access-rules.ts';
import { LoadingState } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { AccessLoadError } from './access-load-error.tsx';
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
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusAfterRecovery(query, heading);
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
    return <AccessLoadError query={query} fallback={displayMessage(MSG.sendCodeUnexpected)} />;
  }
  return (
    <div className="space-y-8">
      <BusinessSummary business={query.data.business} viewer={viewer} headingRef={heading} />
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

/** Read again after an error ('Reintentar'): that button has left, the business's heading takes the focus. */
function useFocusAfterRecovery(
  query: UseQueryResult<unknown>,
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const failed = useRef(false);
  useEffect(() => {
    if (query.isError) failed.current = true;
    else if (query.isSuccess && failed.current) {
      failed.current = false;
      if (isFocusLost()) heading.current?.focus();
    }
  }, [query.isError, query.isSuccess, heading]);
}
