import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../../test/support/refusal.js';
import { recallChannel } from './rule.js';

const NOW = '2026-01-01T09:00:00.000Z';

describe('recallChannel', () => {
  const slot = { canceled: 0, reserved_type: 'LINE', notified_ahead_at: null };
  const both = () => true;

  it('recalls a LINE or PWA reservation once, through its channel', () => {
    expect(recallChannel(slot, both, true)).toBe('LINE');
    expect(recallChannel({ ...slot, reserved_type: 'PWA' }, both, false)).toBe('PWA');
  });

  it('refuses a cancelled slot, a walk-in, a second recall, an unconfigured channel and LINE recalls turned off', () => {
    expect(refusal(() => recallChannel({ ...slot, canceled: 1 }, both, true))).toBe('NOT_FOUND:error.slotNotFound');
    expect(refusal(() => recallChannel({ ...slot, reserved_type: 'ADMIN' }, both, true))).toBe('FAILED_PRECONDITION:error.slotNotChannel');
    expect(refusal(() => recallChannel({ ...slot, notified_ahead_at: NOW }, both, true))).toBe('FAILED_PRECONDITION:error.recallAlreadySent');
    expect(refusal(() => recallChannel(slot, () => false, true))).toBe('FAILED_PRECONDITION:error.lineMessagingNotConfigured');
    expect(refusal(() => recallChannel({ ...slot, reserved_type: 'PWA' }, () => false, true))).toBe('FAILED_PRECONDITION:error.pushNotConfigured');
    expect(refusal(() => recallChannel(slot, both, false))).toBe('FAILED_PRECONDITION:error.lineRecallOff');
  });
});
