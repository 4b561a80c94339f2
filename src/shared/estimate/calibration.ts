/**
 * The range's edges calibrated on the clinic's own days (issue 36, docs/decisions/054). Contract only: the
 * server puts a calibration in the live estimate when the clinic's recent sessions give enough readings
 * (what waiting patients were shown, and when their turn then came: wait_readings); every screen's
 * `waitRange` places the low and high edges with it. Without one (little history) the wider rule applies.
 */

/** The edges for patients with up to `maxAhead` people before them, as multiples of the model's sd. */
export interface CalibrationBand {
  /** The band holds readings with `ahead` ≤ this (and above the previous band's); the last band holds all above. */
  maxAhead: number;
  /** The low edge is mean + lowZ·sd (lowZ is usually negative): the turn came before it in ≤ 5 % of readings. */
  lowZ: number;
  /** The high edge is mean + highZ·sd: with the low edge, ≥ 80 % of waits fell inside. */
  highZ: number;
}

/** What the live estimate carries: bands by queue position, ascending `maxAhead`, and what they rest on. */
export interface RangeCalibration {
  bands: CalibrationBand[];
  /** Readings with a known outcome the bands were computed from. */
  samples: number;
  /** Sessions those readings came from. */
  sessions: number;
}
