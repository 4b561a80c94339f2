/**
 * A clinic with three queues for the patient screens' tests (decision 061): 一般 (the first, 'main', numbers
 * from 1), 予防接種 (from 501) and 発熱外来 (from 801, at the desk only). Rows as the screens read
 * them (the frame's left-out defaults put back, the first queue's `queueId` among them); `ahead` counts within
 * each row's own queue.
 */
import type { WaitEstimate } from '../../../shared/estimate/range.js';
import { fullRow } from '../../../shared/queue/public-row.js';
import type { QueueLive, QueueSnapshot } from '../../../shared/schemas/live.js';

export const NOW = new Date('2026-11-23T01:00:00.000Z'); // 10:00 Tokyo

const pace = (minutesPerPerson: number): WaitEstimate => ({ minutesPerPerson, spreadMinutes: 2, paceError: 0.1, lastStartAt: null, basis: 'blend' });

export const threeQueues: QueueLive[] = [
  { id: 'main', nameJa: '一般', nameEn: 'General', firstNumber: 1, online: true, open: true, waiting: 3, nowCalling: 4, estimate: pace(5) },
  {
    id: 'vaccine',
    nameJa: '予防接種',
    nameEn: 'Vaccination',
    descriptionJa: 'インフルエンザ・コロナの予防接種',
    descriptionEn: 'Flu and COVID shots',
    firstNumber: 501,
    online: true,
    open: true,
    waiting: 2,
    nowCalling: 502,
    estimate: pace(10),
  },
  { id: 'fever', nameJa: '発熱外来', nameEn: 'Fever clinic', descriptionJa: '発熱・せきのある方', descriptionEn: 'For fever or cough', firstNumber: 801, online: false, open: true, waiting: 1, nowCalling: null, estimate: null },
];

/** The live snapshot of that clinic: the snapshot's own estimate and now calling are the first queue's. */
export const threeQueueSnapshot: QueueSnapshot = {
  runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 6 },
  queue: [
    { reservationNumber: 5, ahead: 0, hold: false },
    { reservationNumber: 6, ahead: 1, hold: false },
    { reservationNumber: 7, ahead: 2, hold: false },
    { reservationNumber: 503, ahead: 0, hold: false, queueId: 'vaccine' },
    { reservationNumber: 504, ahead: 1, hold: false, queueId: 'vaccine' },
    { reservationNumber: 801, ahead: 0, hold: false, queueId: 'fever' },
  ].map(fullRow),
  version: 7,
  queues: threeQueues,
  estimate: threeQueues[0].estimate,
  nowCalling: 4,
  scheduleVersion: 0,
};
