/** Loading and error states of API-backed sections. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="status-line" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function ErrorNotice({ message }: { message: string }) {
  return (
    <p className="notice notice-error" role="alert">
      {message}
    </p>
  );
}
