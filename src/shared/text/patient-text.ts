/**
 * Text a patient or an outside caller sends that is stored or shown (a family member's short name, a test
 * notice's words): normalised to NFKC, and refused when it holds a character nobody types as text
 * (docs/decisions/058). Control characters (Cc: NUL, line breaks, BEL), format characters (Cf: bidi
 * controls such as U+202E, zero-width joiners), the line and paragraph separators (Zl, Zp), lone surrogates
 * (Cs) and noncharacters. PostgreSQL refuses NUL outright (22021): such a text must be refused before it
 * reaches a write. The others would be stored as sent and shown on staff screens, where a bidi control
 * reorders what is around it and a zero-width character makes two names look the same. No zod here: the
 * client's forms may import it.
 */

const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}]/u;

/** Whether `text` holds a character patient text refuses. */
export const hasRefusedCharacter = (text: string): boolean => REFUSED.test(text);

/**
 * The text as it is stored: NFKC (fullwidth letters and digits, halfwidth katakana, compatibility forms
 * become their ordinary form), trimmed. Length limits count this form.
 */
export const normalisePatientText = (text: string): string => text.normalize('NFKC').trim();
