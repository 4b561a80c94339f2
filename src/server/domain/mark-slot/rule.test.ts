import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../test/support/refusal.js';
import { markChange } from './rule.js';

const NOW = '2026-01-01T09:00:00.000Z';
const base = {
  canceled: 0, is_reception_accepted: 0, hold: 0, reserved_type: 'PWA', admin_confirmed_at: null,
  canceled_line_at: null, canceled_pwa_at: null,
};

describe('markChange', () => {
  it('starts, deletes, holds and confirms a waiting slot', () => {
    expect(markChange('start', base, NOW)).toEqual({ is_reception_accepted: 1, reception_accepted_at: NOW });
    expect(markChange('delete', base, NOW)).toEqual({ canceled: 1, canceled_at: NOW });
    expect(markChange('hold', base, NOW)).toEqual({ hold: 1, hold_at: NOW });
    expect(markChange('confirm', base, NOW)).toEqual({ admin_confirmed_at: NOW });
  });

  it('undoes each action', () => {
    expect(markChange('undoStart', { ...base, is_reception_accepted: 1 }, NOW)).toEqual({
      is_reception_accepted: 0, reception_accepted_at: null,
    });
    expect(markChange('undoDelete', { ...base, canceled: 1 }, NOW)).toEqual({ canceled: 0, canceled_at: null });
    expect(markChange('undoHold', { ...base, hold: 1 }, NOW)).toEqual({ hold: 0, hold_at: null });
  });

  it('treats a repeated action as already done', () => {
    expect(markChange('start', { ...base, is_reception_accepted: 1 }, NOW)).toBeNull();
    expect(markChange('delete', { ...base, canceled: 1 }, NOW)).toBeNull();
    expect(markChange('hold', { ...base, hold: 1 }, NOW)).toBeNull();
    expect(markChange('undoHold', base, NOW)).toBeNull();
    expect(markChange('confirm', { ...base, admin_confirmed_at: NOW }, NOW)).toBeNull();
  });

  it('refuses contradictions', () => {
    expect(refusal(() => markChange('start', { ...base, canceled: 1 }, NOW))).toBe('FAILED_PRECONDITION:error.slotStateConflict');
    expect(refusal(() => markChange('hold', { ...base, is_reception_accepted: 1 }, NOW))).toBe(
      'FAILED_PRECONDITION:error.slotStateConflict',
    );
    expect(refusal(() => markChange('undoDelete', { ...base, canceled: 1, canceled_pwa_at: NOW }, NOW))).toBe(
      'FAILED_PRECONDITION:error.slotStateConflict',
    );
    expect(refusal(() => markChange('confirm', { ...base, reserved_type: 'ADMIN' }, NOW))).toBe(
      'FAILED_PRECONDITION:error.slotNotChannel',
    );
  });
});
