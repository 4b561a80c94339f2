/**
 * "Leave home by" (issue 36, docs/decisions/055): the patient screens' words for it and the notice, in
 * Japanese and English with the same keys (a key missing in English fails the type check). In a file of its
 * own so the first load of a patient screen does not grow: the notice is the server's, the chooser's words
 * load with the notice chooser.
 */
import type { PatientLang } from './langs.js';

export const leaveHomeJa = {
  /** The turn-is-near notice of a patient who chose minutes: told when the range's low edge reached them. */
  'notice.minutes': '【{clinic}】受付番号{n}番の方：早ければ約{minutes}分で順番です。ご来院の準備をお願いします。',
  /** The card, under the range: the latest time to come (now + the range's low edge). */
  'leave.arriveBy': '遅くとも {time} までにお越しください',
  /** The notice chooser: the second kind of notice. */
  'leave.kindPeople': '前の人数で知らせる',
  'leave.kindMinutes': '順番の何分前かで知らせる',
  'leave.option': '早ければ{n}分で順番になるとき',
  'leave.saved': '早ければ{n}分で順番になるときに、1回お知らせします。',
} as const;

export type LeaveHomeKey = keyof typeof leaveHomeJa;

export const leaveHomeEn: Record<LeaveHomeKey, string> = {
  'notice.minutes': '[{clinic}] No. {n}: your turn may come in about {minutes} minutes. Please get ready to come to the clinic.',
  'leave.arriveBy': 'Please arrive by {time} at the latest',
  'leave.kindPeople': 'By people ahead of me',
  'leave.kindMinutes': 'By minutes before my turn',
  'leave.option': 'When my turn may be {n} minutes away',
  'leave.saved': 'We will notify you once, when your turn may be {n} minutes away.',
};

export const LEAVE_HOME: Record<PatientLang, Record<LeaveHomeKey, string>> = { ja: leaveHomeJa, en: leaveHomeEn };
