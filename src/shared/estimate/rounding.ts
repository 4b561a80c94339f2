/**
 * Ranges are shown in steps of 5 minutes, rounded outwards: finer would promise more than anyone knows, and
 * rounding must never narrow the range it was asked to show. One place, because the calibration judges the
 * range a patient really read (calibration.ts) and `waitRange` shows it (range.ts).
 */
export const ROUND_MINUTES = 5;
export const roundDown = (minutes: number) => Math.floor(minutes / ROUND_MINUTES) * ROUND_MINUTES;
export const roundUp = (minutes: number) => Math.ceil(minutes / ROUND_MINUTES) * ROUND_MINUTES;
