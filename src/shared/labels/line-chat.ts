/**
 * What the clinic's LINE official account answers in chat (issue 37, docs/decisions/052): Japanese and
 * English, the same keys (a key missing in English fails the type check). The server alone reads this file,
 * so the patient screens' first load does not carry it. The number, the people ahead and the wait are
 * worded with the card's own labels (ja.ts, en.ts: `my.numberValue`, `my.ahead`, `estimate.*`), so the chat
 * and the card read alike.
 */
import type { PatientLang } from './langs.js';

export const lineChatJa = {
  /** The first line of every reply. */
  'chat.header': '【{clinic}】',
  /** One of the patient's numbers, e.g. 受付番号 12番 and あなたの前に 3人 ({number} and {ahead} are the card's words). */
  'chat.numberLine': '受付番号 {number}　{ahead}',
  /** A number on hold has nobody counted ahead (the card's held text follows). */
  'chat.heldLine': '受付番号 {number}',
  /** The wait under a number: the card's label, then its range or words. */
  'chat.waitLine': '{label}：{wait}',
  'chat.none': 'ただいま受付番号をお持ちではありません。\n順番待ちの受付はLINEミニアプリから：\n{link}',
  'chat.noneNoLink': 'ただいま受付番号をお持ちではありません。\n順番待ちの受付は、トーク画面下のメニュー「受付番号予約」からどうぞ。',
  'chat.welcome':
    '友だち追加ありがとうございます。\n順番待ちの受付はLINEミニアプリから：\n{link}\n\nこのトークに「番号」と送ると、受付番号・あなたの前の人数・待ち時間の目安をお返事します。',
  'chat.welcomeNoLink':
    '友だち追加ありがとうございます。\n順番待ちの受付は、トーク画面下のメニュー「受付番号予約」からどうぞ。\n\nこのトークに「番号」と送ると、受付番号・あなたの前の人数・待ち時間の目安をお返事します。',
  'chat.help':
    'このトークに「番号」「順番」「待ち時間」と送ると、受付番号・あなたの前の人数・待ち時間の目安をお返事します。\n個別のご相談にはお答えできません。お電話または受付でお尋ねください。',
} as const;

export type LineChatKey = keyof typeof lineChatJa;

export const lineChatEn: Record<LineChatKey, string> = {
  'chat.header': '[{clinic}]',
  'chat.numberLine': 'Your number: {number} ({ahead})',
  'chat.heldLine': 'Your number: {number}',
  'chat.waitLine': '{label}: {wait}',
  'chat.none': 'You have no number at the moment.\nGet a number in the LINE mini app:\n{link}',
  'chat.noneNoLink': 'You have no number at the moment.\nGet a number from the menu below the chat ("受付番号予約").',
  'chat.welcome':
    'Thank you for adding us as a friend.\nGet a number in the LINE mini app:\n{link}\n\nSend "number" in this chat and we will reply with your number, the people ahead of you and the estimated wait.',
  'chat.welcomeNoLink':
    'Thank you for adding us as a friend.\nGet a number from the menu below the chat ("受付番号予約").\n\nSend "number" in this chat and we will reply with your number, the people ahead of you and the estimated wait.',
  'chat.help':
    'Send "number", "queue" or "wait" in this chat and we will reply with your number, the people ahead of you and the estimated wait.\nWe cannot answer other questions here: please call us or ask at the reception desk.',
};

export const LINE_CHAT: Record<PatientLang, Record<LineChatKey, string>> = { ja: lineChatJa, en: lineChatEn };
