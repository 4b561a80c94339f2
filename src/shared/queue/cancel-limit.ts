/**
 * Take-and-cancel (issue 42, docs/decisions/060): the clinic's setting "how many of their numbers one patient
 * may cancel in a session and still take another online". No zod here: screens import it.
 *
 * 0 (the default) is off: a patient takes and cancels as often as they like, as before the setting. With N,
 * a patient who has cancelled more than N of their own LINE or app numbers in the session is refused online
 * (RESOURCE_EXHAUSTED `error.cancelLimit`); the desk still takes them. Each number counts, a family member's
 * too; a number staff deleted does not.
 */
export const CANCEL_LIMIT_OFF = 0;
export const CANCEL_LIMIT_MAX = 10;

/** Whether a patient who cancelled `cancelled` numbers this session is refused online under `cancelLimit`. */
export const overCancelLimit = (cancelled: number, cancelLimit: number): boolean => cancelLimit > CANCEL_LIMIT_OFF && cancelled > cancelLimit;
