// Process-wide tallies of the writes supporters make, read by /metrics when it is on.
// Plain integer increments: cheaper than any metrics call on the hot write paths,
// and free of any dependency on whether metrics are enabled.

export const writeCounters = {
  /** Shares logged as posted (POST /api/shares answered 201). */
  sharesLogged: 0,
  /** Shares scheduled for later (POST /api/shares/schedule answered 201). */
  sharesScheduled: 0,
  /** Tracked-link visits counted as click-throughs (after the 24 h de-duplication). */
  clicksRecorded: 0,
};
