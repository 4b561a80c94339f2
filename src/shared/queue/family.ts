/**
 * A family takes numbers together (issue 35, docs/decisions/053): the clinic's setting "up to M people per
 * patient" and the short names a patient may give each number. No zod here: screens import it.
 *
 * With M = 1 (the default) a patient takes one number at a time and a second request while one is held is
 * refused with ALREADY_EXISTS, exactly as before families. With M > 1 one request takes up to M numbers, all
 * or none; a patient who holds any active number still takes no more (the same refusal): a forgotten member
 * is added by cancelling and taking the family again, or at the desk.
 */

/** "Up to M people per patient": 1 (families off, the default) to FAMILY_MAX_MAX. */
export const FAMILY_MAX_MIN = 1;
export const FAMILY_MAX_MAX = 5;
export const FAMILY_MAX_DEFAULT = 1;

/** A member's short name (「たろう」), shown only to the patient and to staff: at most this many characters. */
export const MEMBER_NAME_MAX = 10;

/** Whether a patient may take numbers for a family at all under the clinic's setting. */
export const familiesOn = (familyMax: number): boolean => familyMax > 1;
