import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../test/support/refusal.js';
import { calloutNumber } from './rule.js';

describe('calloutNumber', () => {
  it('calls a waiting, held or started number by its number', () => {
    expect(calloutNumber({ canceled: 0, reservation_number: 7 })).toBe(7);
  });

  it('answers a cancelled number as missing', () => {
    expect(refusal(() => calloutNumber({ canceled: 1, reservation_number: 7 }))).toBe('NOT_FOUND:error.slotNotFound');
  });
});
