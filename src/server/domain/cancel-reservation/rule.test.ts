import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../test/support/refusal.js';
import { cancelChange } from './rule.js';

const NOW = '2026-01-01T09:00:00.000Z';

describe('cancelChange', () => {
  const slot = { owner_id: 'U1', reservation_number: 12 };

  it('stamps the channel the patient cancelled through', () => {
    expect(cancelChange(slot, { ownerId: 'U1', channel: 'LINE', reservationNumber: 12 }, NOW)).toEqual({
      canceled: 1, canceled_at: NOW, canceled_line_at: NOW,
    });
    expect(cancelChange({ ...slot, owner_id: 'PWA_1' }, { ownerId: 'PWA_1', channel: 'PWA', reservationNumber: 12 }, NOW)).toEqual({
      canceled: 1, canceled_at: NOW, canceled_pwa_at: NOW,
    });
  });

  it('answers someone else’s reservation, a wrong number and a missing one alike', () => {
    for (const [s, who] of [
      [slot, { ownerId: 'U2', channel: 'LINE', reservationNumber: 12 }],
      [slot, { ownerId: 'U1', channel: 'LINE', reservationNumber: 13 }],
      [undefined, { ownerId: 'U1', channel: 'LINE', reservationNumber: 12 }],
    ] as const) {
      expect(refusal(() => cancelChange(s, who, NOW))).toBe('NOT_FOUND:error.reservationNotFound');
    }
  });
});
