// Screens, menus and dialogs arrive as separate files. One that cannot be downloaded (offline, or a
// tab left open across a new release whose files have other names) throws while rendering, and
// React then removes the whole page: these boundaries show a Spanish message and a way out instead.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';

interface LoadErrorBoundaryProps {
  children: ReactNode;
  /** What replaces the part that failed; by default, `LoadFailure`. */
  fallback?: ReactNode;
}

export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Parte del portal sin mostrar:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <LoadFailure />;
  }
}

/** The message: reloading fetches the files again, and the current release's. */
export function LoadFailure({ onClose }: { onClose?: () => void }) {
  return (
    <Banner tone="error" title="No se pudo cargar esta parte del portal">
      <p>Revise su conexión a internet y recargue la página.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => window.location.reload()}>
          Recargar página
        </Button>
        {onClose ? (
          <Button size="sm" variant="secondary" onClick={onClose}>
            Cerrar
          </Button>
        ) : null}
      </div>
    </Banner>
  );
}
