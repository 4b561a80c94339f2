/** When the card a take answered with may stand in for asking the server (the one-round-trip rule). */
import { describe, expect, it } from 'vitest';
import type { MyReservation } from '../../shared/schemas/functions.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { stillAsTaken } from './useMyReservation.js';

const taken: MyReservation = { slotId: 's3', reservationNumber: 3, reservedAt: '2025-09-22T01:00:00.000Z', ahead: 2, hold: false };
const snapshotWith = (queue: QueueSnapshot['queue']) => ({ queue }) as QueueSnapshot;

describe('stillAsTaken', () => {
  it('holds while the public row shows the same place and hold', () => {
    expect(stillAsTaken(snapshotWith([{ reservationNumber: 3, ahead: 2, hold: false, absent: false, queueId: 'main' }]), taken)).toBe(true);
  });

  it('is stale once the queue moved, the number was held, or it left the queue', () => {
    expect(stillAsTaken(snapshotWith([{ reservationNumber: 3, ahead: 1, hold: false, absent: false, queueId: 'main' }]), taken)).toBe(false);
    expect(stillAsTaken(snapshotWith([{ reservationNumber: 3, ahead: null, hold: true, absent: false, queueId: 'main' }]), taken)).toBe(false);
    expect(stillAsTaken(snapshotWith([{ reservationNumber: 4, ahead: 2, hold: false, absent: false, queueId: 'main' }]), taken)).toBe(false);
  });
});
