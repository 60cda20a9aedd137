// What a screen shows while its data is not there: the load's Danish error with 'Prøv igen', or the
// skeleton while it loads. One component, so every screen fails and waits the same way.
import type { ReactNode } from 'react';
import type { Resource } from '../api/use-resource';
import { Skeleton } from './skeleton';

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Prøv igen
      </button>
    </div>
  );
}

/** The error (once loading has stopped) or `loading` (default: the default skeleton). */
export function LoadState({
  resource,
  loading,
}: {
  resource: Pick<Resource<unknown>, 'error' | 'loading' | 'reload'>;
  loading?: ReactNode;
}) {
  if (resource.error && !resource.loading) {
    return <LoadError message={resource.error} onRetry={() => void resource.reload()} />;
  }
  return <>{loading ?? <Skeleton />}</>;
}
