/**
 * Numbers kept for the desk and the online cap (issue 35, docs/decisions/049): the clinic's two settings and
 * their ranges, for the server, the settings page and the payload's schema. No zod here: screens import it.
 */

/** Keep every Nth number of a session for patients at the desk: 0 = off, else KEEP_EVERY_MIN–KEEP_EVERY_MAX. */
export const KEEP_EVERY_MIN = 2;
export const KEEP_EVERY_MAX = 10;
/** At most X numbers of a session go online (LINE and the app): 0 = no cap, else 1–ONLINE_CAP_MAX. */
export const ONLINE_CAP_MAX = 200;

export interface AllocationSettings {
  /** 0 = off; N = the numbers n with n % N === 0 are kept for the desk. */
  keepEvery: number;
  /** 0 = no cap; X = at most X numbers of a session are taken online, cancelled ones included. */
  onlineCap: number;
  /**
   * Up to this many numbers one patient takes together (a family, docs/decisions/053): 1 = families off
   * (the default), else 2–5. Kept with these two because it is saved with them and the burst decides on all three.
   */
  familyMax: number;
  /**
   * Take-and-cancel (docs/decisions/060): a patient who cancelled more than this many of their online numbers
   * in the session takes no more online; 0 = off (the default). Saved with these and decided with them.
   */
  cancelLimit: number;
}

/** Whether number `n` is kept for the desk under `keepEvery` (0: nothing is kept). */
export const isKept = (n: number, keepEvery: number): boolean => keepEvery > 0 && n % keepEvery === 0;
