/**
 * What the server alone words, in the language a number was taken in (docs/decisions/023): the LINE and
 * Web Push notices (src/server/notify/deliverer.ts) and the replies of the clinic's LINE chat
 * (src/server/domain/line-chat/, docs/decisions/052). No client module imports this file, so no patient
 * screen carries it. `notices` joins these texts to the patient screens' own, which a chat reply borrows
 * (`my.numberValue`, `my.ahead`, `estimate.*`) so the chat and the card read alike.
 */
import { patientEn } from './patient-en.js';
import { patientJa, type PatientKey } from './patient-ja.js';
import type { Catalogue } from './text.js';

export const noticesJa = {
  // the turn-is-near notice, the recall, the number taken (a LINE MINI App service message, decision 051),
  // the clinic's announcement (issue 14) and the absence (issue 34, decision 047)
  'notice.ahead5':
    '【{clinic}】受付番号 {n}番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。',
  'notice.recall': '【{clinic}】受付番号 {n}番の方　順番になりました。受付までお越しください。',
  'notice.taken': '【{clinic}】受付番号 {n}番で受け付けました。順番が近づいたらお知らせします。',
  'notice.aheadN':
    '【{clinic}】受付番号 {n}番の方へ　あなたの前の方が{ahead}人になりました。ご来院のうえ、院内でお待ちください。',
  'notice.announcement': '【{clinic}】お知らせ　{text}',
  'notice.absenceMoved':
    '【{clinic}】受付番号 {n}番の方　お呼びしましたがいらっしゃらなかったため、順番を{places}人後ろに移しました。受付にお声がけください。',
  'notice.absenceHeld':
    '【{clinic}】受付番号 {n}番の方　お呼びしましたがいらっしゃらなかったため、順番を保留にしました。受付にお声がけください。',
  'notice.absence': '【{clinic}】受付番号 {n}番の方　お呼びしましたがいらっしゃいませんでした。受付にお声がけください。',
  // told by minutes before the turn (decision 055): the range's low edge reached the patient's minutes
  'notice.minutes': '【{clinic}】受付番号{n}番の方：早ければ約{minutes}分で順番です。ご来院の準備をお願いします。',
  // the same notices in a clinic with several queues (decision 066): the queue's name in place of 受付番号
  'notice.ahead5Queue': '【{clinic}】{queue} {n}番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。',
  'notice.recallQueue': '【{clinic}】{queue} {n}番の方　順番になりました。受付までお越しください。',
  'notice.takenQueue': '【{clinic}】{queue} {n}番で受け付けました。順番が近づいたらお知らせします。',
  'notice.aheadNQueue':
    '【{clinic}】{queue} {n}番の方へ　あなたの前の方が{ahead}人になりました。ご来院のうえ、院内でお待ちください。',
  'notice.absenceMovedQueue':
    '【{clinic}】{queue} {n}番の方　お呼びしましたがいらっしゃらなかったため、順番を{places}人後ろに移しました。受付にお声がけください。',
  'notice.absenceHeldQueue':
    '【{clinic}】{queue} {n}番の方　お呼びしましたがいらっしゃらなかったため、順番を保留にしました。受付にお声がけください。',
  'notice.absenceQueue': '【{clinic}】{queue} {n}番の方　お呼びしましたがいらっしゃいませんでした。受付にお声がけください。',
  'notice.minutesQueue': '【{clinic}】{queue} {n}番の方：早ければ約{minutes}分で順番です。ご来院の準備をお願いします。',
  // moved to another queue by staff (decision 067): the number the patient knew, the queue and the new number
  'notice.moved': '【{clinic}】受付番号 {from}番の方へ　受付を「{queue}」に移しました。新しい受付番号は {n}番です。',
  'notice.movedNew': '【{clinic}】受付を「{queue}」に移しました。新しい受付番号は {n}番です。',
  // by SMS to a desk patient's mobile (decision 070): one segment, at most 70 characters with the clinic's name
  'notice.smsAhead': '【{clinic}】{n}番の方　順番が近づきました（前の方{ahead}人以内）。ご来院ください。',
  'notice.smsRecall': '【{clinic}】{n}番の方　順番です。受付までお越しください。',
  // the same with several queues (decision 066): the queue's name before the number; 「あと」 keeps a queue
  // name of the longest allowed in one segment
  'notice.smsAheadQueue': '【{clinic}】{queue} {n}番の方　順番が近づきました（あと{ahead}人以内）。ご来院ください。',
  'notice.smsRecallQueue': '【{clinic}】{queue} {n}番の方　順番です。受付までお越しください。',
  // the LINE chat's replies (issue 37, decision 052)
  /** The first line of every reply. */
  'chat.header': '【{clinic}】',
  /** One of the patient's numbers, e.g. 受付番号 12番 and あなたの前に 3人 ({number} and {ahead} are the card's words). */
  'chat.numberLine': '受付番号 {number}　{ahead}',
  /** A number on hold has nobody counted ahead (the card's held text follows). */
  'chat.heldLine': '受付番号 {number}',
  /** The wait under a number: the card's label, then its range or words. */
  'chat.waitLine': '{label}：{wait}',
  /** With several queues (decision 066): the number's queue before it, e.g. 予防接種 501番; its now calling named too. */
  'chat.queueNumberLine': '{queue} {number}　{ahead}',
  'chat.queueHeldLine': '{queue} {number}',
  'chat.queueNowCalling': '{queue}：{text}',
  'chat.none': 'ただいま受付番号をお持ちではありません。\n順番待ちの受付はLINEミニアプリから：\n{link}',
  'chat.noneNoLink': 'ただいま受付番号をお持ちではありません。\n順番待ちの受付は、トーク画面下のメニュー「受付番号予約」からどうぞ。',
  'chat.welcome':
    '友だち追加ありがとうございます。\n順番待ちの受付はLINEミニアプリから：\n{link}\n\nこのトークに「番号」と送ると、受付番号・あなたの前の人数・待ち時間の目安をお返事します。',
  'chat.welcomeNoLink':
    '友だち追加ありがとうございます。\n順番待ちの受付は、トーク画面下のメニュー「受付番号予約」からどうぞ。\n\nこのトークに「番号」と送ると、受付番号・あなたの前の人数・待ち時間の目安をお返事します。',
  'chat.help':
    'このトークに「番号」「順番」「待ち時間」と送ると、受付番号・あなたの前の人数・待ち時間の目安をお返事します。\n個別のご相談にはお答えできません。お電話または受付でお尋ねください。',
} as const;

export type NoticeKey = keyof typeof noticesJa;

export const noticesEn: Record<NoticeKey, string> = {
  'notice.ahead5': '[{clinic}] Number {n}: 5 people are ahead of you now. Please come to the clinic and wait inside.',
  'notice.recall': '[{clinic}] Number {n}: it is your turn. Please come to the reception desk.',
  'notice.taken': '[{clinic}] Your number is {n}. We will let you know when your turn is near.',
  'notice.aheadN': '[{clinic}] To No. {n}: {ahead} people are now ahead of you. Please come to the clinic and wait inside.',
  'notice.announcement': '[{clinic}] Notice: {text}',
  'notice.absenceMoved':
    '[{clinic}] No. {n}: we called your number but you were not here, so we moved it back in the queue (places moved: {places}). Please speak to the reception desk.',
  'notice.absenceHeld':
    '[{clinic}] No. {n}: we called your number but you were not here, so it is now on hold. Please speak to the reception desk.',
  'notice.absence': '[{clinic}] No. {n}: we called your number but you were not here. Please speak to the reception desk.',
  'notice.minutes': '[{clinic}] No. {n}: your turn may come in about {minutes} minutes. Please get ready to come to the clinic.',
  'notice.ahead5Queue': '[{clinic}] {queue}, No. {n}: 5 people are ahead of you now. Please come to the clinic and wait inside.',
  'notice.recallQueue': '[{clinic}] {queue}, No. {n}: it is your turn. Please come to the reception desk.',
  'notice.takenQueue': '[{clinic}] Your number is {queue}, No. {n}. We will let you know when your turn is near.',
  'notice.aheadNQueue': '[{clinic}] To {queue}, No. {n}: {ahead} people are now ahead of you. Please come to the clinic and wait inside.',
  'notice.absenceMovedQueue':
    '[{clinic}] {queue}, No. {n}: we called your number but you were not here, so we moved it back in the queue (places moved: {places}). Please speak to the reception desk.',
  'notice.absenceHeldQueue':
    '[{clinic}] {queue}, No. {n}: we called your number but you were not here, so it is now on hold. Please speak to the reception desk.',
  'notice.absenceQueue': '[{clinic}] {queue}, No. {n}: we called your number but you were not here. Please speak to the reception desk.',
  'notice.minutesQueue': '[{clinic}] {queue}, No. {n}: your turn may come in about {minutes} minutes. Please get ready to come to the clinic.',
  'notice.moved': '[{clinic}] No. {from}: your place has been moved to "{queue}". Your new number is {n}.',
  'notice.movedNew': '[{clinic}] Your place has been moved to "{queue}". Your new number is {n}.',
  'notice.smsAhead': '[{clinic}] No. {n}: your turn is near ({ahead} or fewer ahead). Please come in.',
  'notice.smsRecall': '[{clinic}] No. {n}: your turn. Please come to the desk.',
  'notice.smsAheadQueue': '[{clinic}] {queue}, No. {n}: your turn is near ({ahead} or fewer ahead). Please come in.',
  'notice.smsRecallQueue': '[{clinic}] {queue}, No. {n}: your turn. Please come to the desk.',
  'chat.header': '[{clinic}]',
  'chat.numberLine': 'Your number: {number} ({ahead})',
  'chat.heldLine': 'Your number: {number}',
  'chat.waitLine': '{label}: {wait}',
  'chat.queueNumberLine': 'Your number: {queue}, {number} ({ahead})',
  'chat.queueHeldLine': 'Your number: {queue}, {number}',
  'chat.queueNowCalling': '{queue}: {text}',
  'chat.none': 'You have no number at the moment.\nGet a number in the LINE mini app:\n{link}',
  'chat.noneNoLink': 'You have no number at the moment.\nGet a number from the menu below the chat ("受付番号予約").',
  'chat.welcome':
    'Thank you for adding us as a friend.\nGet a number in the LINE mini app:\n{link}\n\nSend "number" in this chat and we will reply with your number, the people ahead of you and the estimated wait.',
  'chat.welcomeNoLink':
    'Thank you for adding us as a friend.\nGet a number from the menu below the chat ("受付番号予約").\n\nSend "number" in this chat and we will reply with your number, the people ahead of you and the estimated wait.',
  'chat.help':
    'Send "number", "queue" or "wait" in this chat and we will reply with your number, the people ahead of you and the estimated wait.\nWe cannot answer other questions here: please call us or ask at the reception desk.',
};

/** The server's words for patients: its notices and chat replies, with the patient screens' texts they borrow. */
export const noticeLabels: Catalogue<NoticeKey | PatientKey> = {
  ja: { ...patientJa, ...noticesJa },
  en: { ...patientEn, ...noticesEn },
};

