// The loading and error states every data view shares (DESIGN §9); the other two are EmptyState.
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

export function LoadingState({ label = 'Buscando...' }: { label?: string }) {
  return (
    <div className="flex justify-center rounded-xl border border-slate-200 bg-white px-6 py-14 text-blue-600">
      <Spinner label={label} />
    </div>
  );
}

interface LoadErrorProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** A second way forward beside 'Reintentar' (e.g. 'Limpiar filtros' when the server refused them). */
  action?: { label: string; onClick: () => void };
}

/** An error Banner with 'Reintentar'. */
export function LoadError({ title, message, onRetry, retrying, action }: LoadErrorProps) {
  return (
    // Without a title the first line is the message beside a button taller than the text: the icon
    // centres on it rather than sitting at its top.
    <Banner tone="error" title={title} className={title ? undefined : 'items-center'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <span className="flex flex-wrap gap-2">
          {action ? (
            <Button variant="secondary" size="sm" onClick={action.onClick}>
              {action.label}
            </Button>
          ) : null}
          {onRetry ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={onRetry}
              loading={retrying}
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              Reintentar
            </Button>
          ) : null}
        </span>
      </div>
    </Banner>
  );
}

interface FailedQuery {
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

interface QueryErrorProps {
  query: FailedQuery;
  title?: string;
  /** Shown when the error has no message. */
  fallback?: string;
}

/** A failed query's error, with 'Reintentar' that reads it again. */
export function QueryError({ query, title, fallback = '' }: QueryErrorProps) {
  return (
    <LoadError
      title={title}
      message={query.error?.message || fallback}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

interface QueryStatusProps {
  query: UseQueryResult<unknown>;
  loadingLabel: string;
  errorTitle: string;
}

/** A query's loading or error state (with 'Reintentar'); nothing once it has answered. */
export function QueryStatus({ query, loadingLabel, errorTitle }: QueryStatusProps) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (!query.isError) return null;
  return <QueryError query={query} title={errorTitle} />;
}
