/**
 * The patient labels of several queues in one clinic (issue 43, docs/decisions/061): the book screen's choice
 * of 受付の種類 (English "Service"), the card's and the full list's queue names, in Japanese and English. A
 * catalogue of its own, as family.ts is: every patient screen's first load carries patient-ja.ts and /pwa
 * has no bytes to spare, so only the queues chunk (loaded when the snapshot has `queues`) imports this one.
 * The refusals a queue can meet (error.unknownQueue, error.queueDeskOnly, error.queueClosed) stay in
 * patient-ja.ts and patient-en.ts, since the server answers with them.
 */
import type { Catalogue } from './text.js';

const ja = {
  // the book screen's choice
  'queues.choose': '受付の種類',
  'queues.chooseNote': 'ご希望の受付の種類を選んでから、受付番号をお取りください。',
  'queues.deskOnly': 'この受付は窓口で受け付けます（オンラインではお取りできません）。',
  'queues.closed': 'この受付はただいま受付時間外です。',
  'queues.any': 'どちらの医師でも',
  'queues.anyNote': 'いちばん早く診察を始められる受付にお並びいただきます。',
  'queues.pickFirst': '受付の種類を選ぶと、受付番号をお取りできます。',
  // the card and the full list
  'queues.yours': 'あなたの受付：{queue}',
  // /web/all: each queue's section links to the mini-app's book screen on that queue (?queue=<id>)
  'queues.reserveHere': '{queue}を予約（LINE）',
} as const;

export type QueuesKey = keyof typeof ja;

const en: Record<QueuesKey, string> = {
  'queues.choose': 'Service',
  'queues.chooseNote': 'Choose the service you need, then get your number.',
  'queues.deskOnly': 'This service is at the reception desk only (not online).',
  'queues.closed': 'This service is not taking numbers at this time.',
  'queues.any': 'Any doctor',
  'queues.anyNote': 'You join the queue that can see you earliest.',
  'queues.pickFirst': 'Choose a service to get your number.',
  'queues.yours': 'Your service: {queue}',
  'queues.reserveHere': 'Get a number for {queue} (LINE)',
};

/**
 * Looked up in the patient's language (the screens pass the applied one, useLang in
 * src/client/ui/language.ts, so a switch re-renders them); the same keys in English, a key missing in
 * either failing the type check.
 */
export const queuesLabels: Catalogue<QueuesKey> = { ja, en };
