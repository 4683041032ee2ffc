/** The full-screen pulsing skeleton (a circle and a bar) shown while a route loads. */
export function PageSkeleton() {
  return (
    <div className="skeleton" role="status" aria-label="Loading">
      <span className="skeleton__circle" />
      <span className="skeleton__bar" />
    </div>
  );
}
