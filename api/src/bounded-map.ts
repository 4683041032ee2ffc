/**
 * The in-memory tables (rate limits, login lock-outs, view dedup, reused statements) are
 * Maps kept in insertion order, oldest first: these keep them bounded.
 */

/** Removes entries from the oldest on while `expired` says so, stopping at the first that is not. */
export function forgetExpiredFromOldest<K, V>(map: Map<K, V>, expired: (value: V) => boolean): void {
  for (const [key, value] of map) {
    if (!expired(value)) return;
    map.delete(key);
  }
}

/** Drops the oldest entry when the map already holds `max`, so that one more fits. */
export function makeRoom<K, V>(map: Map<K, V>, max: number): void {
  if (map.size < max) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}
