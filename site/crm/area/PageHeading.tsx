/**
 * A screen's h1. It takes focus when the screen opens, so keyboard and screen-reader users start
 * at the new content after a client-side navigation rather than on the old link.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="crm-page-heading">
      {children}
    </h1>
  );
}

/** A loading or failure line for a screen's data. */
export function LoadState({ loading, error }: { loading: boolean; error: string | null }) {
  if (error)
    return (
      <p className="crm-alert" role="alert">
        {error}
      </p>
    );
  if (loading)
    return (
      <p className="crm-muted" role="status">
        Loading…
      </p>
    );
  return null;
}

/**
 * A list screen's loaded results: the count, read out when it changes, and the list itself; a
 * failed refresh shows its failure instead. `loading` marks the list busy while a refresh is under way.
 */
export function ResultsSection({
  loading,
  error,
  count,
  children,
}: {
  loading: boolean;
  error: string | null;
  count: string;
  children: ReactNode;
}) {
  return (
    <>
      <LoadState loading={false} error={error} />
      {!error ? (
        <section className="crm-section" aria-label="Results" aria-busy={loading}>
          <p className="crm-muted" role="status">
            {count}
          </p>
          {children}
        </section>
      ) : null}
    </>
  );
}
