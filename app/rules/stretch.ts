// Answers that change with the clock only at known instants (a waitlist hold's end, a training
// session's start) can be kept per stretch between two such instants (models: entries left, the
// sessions still bookable; lib/data-version.server.ts keeps them until the database changes).

/** Which stretch between two instants of `ends` (sorted) `now` is in: how many are at or before
 * it. An answer that changes with the clock only at those instants (a hold's end: `hold_until >
 * now`; a session's start: `start_time > now`) is the same for every `now` of a stretch. */
export function stretchOf(ends: readonly number[], now: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
