/**
 * "Leave home by" (issue 36, docs/decisions/055): the notice's words, in Japanese and English with the
 * same keys (a key missing in English fails the type check). Only the server words notices: in a file of
 * its own, the patient screens' first load does not carry it (the card's and the chooser's words are in
 * ja.ts and en.ts).
 */
import type { PatientLang } from './langs.js';

export const leaveHomeJa = {
  /** The turn-is-near notice of a patient who chose minutes: told when the range's low edge reached them. */
  'notice.minutes': '【{clinic}】受付番号{n}番の方：早ければ約{minutes}分で順番です。ご来院の準備をお願いします。',
} as const;

export type LeaveHomeKey = keyof typeof leaveHomeJa;

export const leaveHomeEn: Record<LeaveHomeKey, string> = {
  'notice.minutes': '[{clinic}] No. {n}: your turn may come in about {minutes} minutes. Please get ready to come to the clinic.',
};

export const LEAVE_HOME: Record<PatientLang, Record<LeaveHomeKey, string>> = { ja: leaveHomeJa, en: leaveHomeEn };
