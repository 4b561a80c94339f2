/**
 * The printed ticket's labels (docs/decisions/068), in Japanese and English: the ticket's page (/web/ticket)
 * and the paper itself. A catalogue of its own, loaded with the ticket's chunk and the staff screen's print
 * chunk only, so /web's first load and the patient screens carry none of it. The server refuses a ticket
 * that no longer stands with staff-desk.ts's error.ticketUnusable; the page shows ticket.unusable, the same
 * words, in the reader's language (patient-ja.ts has no byte to spare on /pwa's first load).
 */
import type { Catalogue } from './text.js';

const ja = {
  // the page the ticket's QR code opens
  'ticket.title': '受付票',
  'ticket.noApp': 'アプリもログインも要りません。このページで順番を確かめられます。',
  'ticket.keepPage': 'このページをブックマークしておくと、いつでも開き直せます。',
  'ticket.seen': 'この番号はお呼び済みです。',
  'ticket.canceled': 'この番号は取り消されました。',
  'ticket.missing': 'この受付票のリンクが正しくありません。受付票のQRコードを読み取り直してください。',
  'ticket.canceledNow': '番号を取り消しました。',
  'ticket.unusable': 'この受付票は使えません。受付でお尋ねください。',
  // Web Push on the page (decision 073)
  'ticket.push.region': '通知',
  'ticket.push.lead': '順番が近づいたら、この端末に通知でお知らせできます（アプリ不要）。',
  'ticket.push.offer': '順番が近づいたら通知する',
  'ticket.push.busy': '通知を設定しています…',
  'ticket.push.on': '順番が近づいたら、この端末に通知が届きます。',
  'ticket.push.cannot': 'この端末のブラウザでは通知を受け取れません。画面を開いたままにするか、受付の画面でご確認ください。',
  'ticket.push.denied': 'このブラウザでは通知が許可されていません。画面を開いたままにするか、受付の画面でご確認ください。',
  'ticket.push.failed': '通知を設定できませんでした。もう一度お試しください。',
  // the paper
  'ticket.print.number': '受付番号',
  'ticket.print.takenAt': '受付 {time}',
  'ticket.print.ahead': '受付時の待ち人数 {n}人',
  'ticket.print.aheadHeld': '受付時の待ち人数 —',
  'ticket.print.scan': 'スマートフォンで読み取ると、順番がわかります（アプリ不要）',
} as const;

export type TicketKey = keyof typeof ja;

const en: Record<TicketKey, string> = {
  'ticket.title': 'Your ticket',
  'ticket.noApp': 'No app and no sign-in needed: this page shows your place in the queue.',
  'ticket.keepPage': 'Bookmark this page to open it again at any time.',
  'ticket.seen': 'This number has been called.',
  'ticket.canceled': 'This number was cancelled.',
  'ticket.missing': 'This ticket link is not complete. Please scan the QR code on your ticket again.',
  'ticket.canceledNow': 'Your number was cancelled.',
  'ticket.unusable': 'This ticket can no longer be used. Please ask at the reception desk.',
  'ticket.push.region': 'Notifications',
  'ticket.push.lead': 'This phone can tell you when your turn is near (no app needed).',
  'ticket.push.offer': 'Notify me when my turn is near',
  'ticket.push.busy': 'Setting up notifications…',
  'ticket.push.on': 'This phone will get a notification when your turn is near.',
  'ticket.push.cannot': 'This phone’s browser cannot receive notifications. Please keep this page open, or check the screen at reception.',
  'ticket.push.denied': 'Notifications are blocked for this browser. Please keep this page open, or check the screen at reception.',
  'ticket.push.failed': 'Notifications could not be set up. Please try again.',
  'ticket.print.number': 'Number',
  'ticket.print.takenAt': 'Taken {time}',
  'ticket.print.ahead': 'People ahead then: {n}',
  'ticket.print.aheadHeld': 'People ahead then: —',
  'ticket.print.scan': 'Scan with your phone to see your place (no app needed)',
};

export const ticketLabels: Catalogue<TicketKey> = { ja, en };
