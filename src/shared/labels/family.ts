/**
 * The patient labels of families (issue 35, docs/decisions/053): the picker on the book screen and the
 * numbers shown together on the card, in Japanese and English. A catalogue of its own, not in
 * patient-ja.ts, because every patient screen's first load carries that file and /pwa has no bytes to
 * spare: only the family chunks (loaded when the clinic offers families, or when a patient holds more
 * than one number) import this one. The two refusals a family can meet (error.familyTooLarge,
 * error.notEnoughForFamily) stay in patient-ja.ts and patient-en.ts, since the server answers with them.
 */
import type { Catalogue } from './text.js';

const ja = {
  // the book screen's picker
  'family.count': '人数',
  'family.countNote': 'ご家族の分も、まとめて受付番号をお取りできます（{max}人まで）。',
  'family.one': '1人',
  'family.many': '{n}人',
  'family.together': '{n}人分の番号を、続けてまとめてお取りします。',
  'family.names': 'お名前（任意）',
  'family.nameLabel': '{i}人目のお名前',
  'family.nameHint': 'お名前は、ご本人と受付スタッフだけに表示されます（{max}文字まで）。例：たろう',
  // the numbers shown together
  'family.title': 'ご家族の受付番号（{n}人分）',
  'family.person': '{i}人目',
  'family.noticeOnce': '順番が近づいたお知らせは、ご家族でいちばん前の番号の設定で、1回だけお送りします。',
  'family.cancel': '{n}番をキャンセルする',
  'family.cancelConfirm': '{n}番の予約をキャンセルしますか？ほかの番号はそのまま残ります。',
  'family.cancelConfirmName': '{n}番（{name}）の予約をキャンセルしますか？ほかの番号はそのまま残ります。',
  'family.checkinAll': '来院確認は、ご家族全員の番号にまとめて記録します。',
  // LINE's confirmation list: a member the desk moved to another queue (decision 067)
  'family.movedFrom': '{from}番から移動',
} as const;

export type FamilyKey = keyof typeof ja;

const en: Record<FamilyKey, string> = {
  'family.count': 'Number of people',
  'family.countNote': 'You can get numbers for your family together (up to {max} people).',
  'family.one': '1 person',
  'family.many': '{n} people',
  'family.together': 'You will get {n} numbers together, one after another.',
  'family.names': 'Names (optional)',
  'family.nameLabel': 'Name of person {i}',
  'family.nameHint': 'Only you and the reception staff see these names (up to {max} characters). Example: Taro',
  'family.title': "Your family's numbers ({n} people)",
  'family.person': 'Person {i}',
  'family.noticeOnce': 'The turn-is-near notice is sent once for the family, at the setting of its first number.',
  'family.cancel': 'Cancel No. {n}',
  'family.cancelConfirm': 'Cancel No. {n}? The other numbers stay.',
  'family.cancelConfirmName': 'Cancel No. {n} ({name})? The other numbers stay.',
  'family.checkinAll': 'Your check-in is recorded for every number of your family.',
  'family.movedFrom': 'moved from No. {from}',
};

/**
 * Looked up in the patient's language (the screens pass the applied one, useLang in
 * src/client/ui/language.ts, so a switch re-renders them); the same keys in English, a key missing in
 * either failing the type check.
 */
export const familyLabels: Catalogue<FamilyKey> = { ja, en };
