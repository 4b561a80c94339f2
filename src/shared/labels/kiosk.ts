/**
 * The entrance kiosk's labels (docs/decisions/072), in Japanese and English: the large screen patients
 * use at the entrance, and the few lines staff read on the same page to make the tablet a kiosk and to
 * revoke kiosks. A catalogue of its own, loaded with the kiosk's chunk only, so /admin's first load carries
 * none of it. The server refuses a revoked kiosk with staff-desk.ts's error.kioskRevoked; the kiosk shows
 * kiosk.revoked, the same words, in the language on screen.
 */
import type { Catalogue } from './text.js';

const ja = {
  'kiosk.title': '受付',
  'kiosk.welcome': 'ようこそ。下のボタンを押して受付してください。',
  'kiosk.take': '受付する',
  'kiosk.chooseQueue': '受付項目を選んでください',
  'kiosk.taking': '受付しています…',
  'kiosk.yourNumber': 'あなたの受付番号',
  'kiosk.printed': '受付票をお取りください。',
  'kiosk.printerFailed': 'プリンターで受付票を印刷できませんでした。画面のQRコードを読み取るか、窓口にお声がけください。',
  'kiosk.scan': 'スマートフォンでQRコードを読み取ると、順番がわかります（アプリ不要）。',
  'kiosk.ahead': 'お待ちの方 {n}人',
  'kiosk.next': '次の方',
  'kiosk.resetIn': '{n}秒後に最初の画面に戻ります',
  'kiosk.closed.stopped': 'ただいま受付を行っていません。',
  'kiosk.closed.stoppedHint': '受付の開始までお待ちいただくか、窓口にお声がけください。',
  'kiosk.closed.noneLeft': '本日の受付番号はすべて発行しました。',
  'kiosk.closed.noneLeftHint': '窓口にお声がけください。',
  'kiosk.queueClosed': '受付終了',
  'kiosk.failed': '受付できませんでした：{message}',
  'kiosk.revoked': 'この端末のキオスク登録は取り消されました。受付にお声がけください。',
  'kiosk.offline': 'サーバーにつながりません。窓口にお声がけください。',
  'kiosk.language': 'English',
  // the staff's lines on the same page
  'kiosk.setup.title': 'キオスク端末',
  'kiosk.setup.explain':
    'この端末を入口のキオスクにします。キオスクは受付番号の発行と受付票の印刷だけができ、スタッフの機能は使えません。登録すると、この端末のスタッフのログインは終了します。',
  'kiosk.setup.name': 'キオスクの名前（例：入口）',
  'kiosk.setup.make': 'この端末をキオスクにする',
  'kiosk.setup.signIn': 'キオスクにするには、スタッフとしてログインしてください。',
  'kiosk.setup.list': '登録済みのキオスク',
  'kiosk.setup.none': 'まだキオスクはありません。',
  'kiosk.setup.made': '{name}（{at}に{by}が登録）',
  'kiosk.setup.revokedAt': '{at}に{by}が取り消し',
  'kiosk.setup.revoke': '取り消す',
  'kiosk.setup.revokeConfirm': '「{name}」を取り消しますか？この端末では受付できなくなります。',
  'kiosk.setup.again': 'スタッフの方へ：この端末をキオスクにし直す',
  'kiosk.setup.back': 'スタッフ画面に戻る',
} as const;

export type KioskKey = keyof typeof ja;

const en: Record<KioskKey, string> = {
  'kiosk.title': 'Reception',
  'kiosk.welcome': 'Welcome. Press the button below to take a number.',
  'kiosk.take': 'Take a number',
  'kiosk.chooseQueue': 'Please choose what you are here for',
  'kiosk.taking': 'Taking your number…',
  'kiosk.yourNumber': 'Your number',
  'kiosk.printed': 'Please take your ticket.',
  'kiosk.printerFailed': 'The printer could not print your ticket. Scan the QR code on the screen, or ask at the desk.',
  'kiosk.scan': 'Scan the QR code with your phone to see your place (no app needed).',
  'kiosk.ahead': '{n} waiting ahead of you',
  'kiosk.next': 'Next person',
  'kiosk.resetIn': 'Back to the start in {n} s',
  'kiosk.closed.stopped': 'Reception is not open at the moment.',
  'kiosk.closed.stoppedHint': 'Please wait until reception opens, or ask at the desk.',
  'kiosk.closed.noneLeft': 'All of today’s numbers have been given out.',
  'kiosk.closed.noneLeftHint': 'Please ask at the desk.',
  'kiosk.queueClosed': 'Closed',
  'kiosk.failed': 'Could not take a number: {message}',
  'kiosk.revoked': 'This tablet is no longer a reception kiosk. Please ask at the desk.',
  'kiosk.offline': 'Cannot reach the server. Please ask at the desk.',
  'kiosk.language': '日本語',
  'kiosk.setup.title': 'Kiosk tablet',
  'kiosk.setup.explain':
    'Make this tablet the entrance kiosk. A kiosk only takes numbers and prints tickets; it can use no staff function. Making it a kiosk signs staff out on this tablet.',
  'kiosk.setup.name': 'Kiosk name (e.g. Entrance)',
  'kiosk.setup.make': 'Make this tablet a kiosk',
  'kiosk.setup.signIn': 'Sign in as staff to make this tablet a kiosk.',
  'kiosk.setup.list': 'Kiosks',
  'kiosk.setup.none': 'No kiosk yet.',
  'kiosk.setup.made': '{name} (made {at} by {by})',
  'kiosk.setup.revokedAt': 'revoked {at} by {by}',
  'kiosk.setup.revoke': 'Revoke',
  'kiosk.setup.revokeConfirm': 'Revoke “{name}”? That tablet will take no more numbers.',
  'kiosk.setup.again': 'Staff: make this tablet a kiosk again',
  'kiosk.setup.back': 'Back to the staff screens',
};

export const kioskLabels: Catalogue<KioskKey> = { ja, en };
