/** A problem to read out at once (a refused step, a failed save), in the portal's one style. */
export function Problem({ id, children }: { id?: string; children: string | null }) {
  if (!children) return null;
  return (
    <p id={id} className="apply-problem" role="alert">
      {children}
    </p>
  );
}
