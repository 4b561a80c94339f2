// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { staffSlot } from '../test-support.js';
import { BLINK_MS, useCancelBlink } from './live-effects.js';

const T = '2026-01-05T00:35:00.000Z';
const pwa = (n: number, over: Partial<StaffSlot> = {}) => staffSlot(n, T, { reservedType: 'PWA', ...over });
const cancelled = (n: number) => pwa(n, { canceled: true, canceledAt: T, canceledPwaAt: T });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('cancel blink', () => {
  it('does not blink what was already cancelled when the screen opened', () => {
    const { result } = renderHook(({ slots }) => useCancelBlink(slots), { initialProps: { slots: [cancelled(1), pwa(2)] } });
    expect([...result.current]).toEqual([]);
  });

  it('blinks a row for 5 s after its patient cancels, then stops', () => {
    const { result, rerender } = renderHook(({ slots }) => useCancelBlink(slots), {
      initialProps: { slots: [pwa(1), pwa(2)] },
    });
    rerender({ slots: [pwa(1), cancelled(2)] });
    expect([...result.current]).toEqual(['s2']);
    act(() => vi.advanceTimersByTime(BLINK_MS - 1));
    expect([...result.current]).toEqual(['s2']);
    act(() => vi.advanceTimersByTime(1));
    expect([...result.current]).toEqual([]);
  });

  it('does not blink a deletion by staff', () => {
    const { result, rerender } = renderHook(({ slots }) => useCancelBlink(slots), { initialProps: { slots: [pwa(1)] } });
    rerender({ slots: [pwa(1, { canceled: true, canceledAt: T })] });
    expect([...result.current]).toEqual([]);
  });
});
