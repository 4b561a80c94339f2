// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLang } from '../ui/language.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { MyView } from './MyView.js';
import { myViewProps } from './test-support.js';

afterEach(async () => {
  cleanup();
  await applyLang('ja');
});

const reservation = (ahead: number | null, hold = false): MyReservation => ({
  slotId: 's-12',
  reservationNumber: 12,
  reservedAt: '2025-09-21T00:35:00.000Z',
  ahead,
  hold,
});

const props = (r: MyReservation | null) => myViewProps(r);

const region = () => screen.getByTestId('ahead-announcer');

describe('the polite announcement of the patient’s place', () => {
  it('is a polite live region, silent on first sight and when a snapshot changes nothing for the patient', () => {
    const { rerender } = render(<MyView {...props(reservation(8))} />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('');
    const node = region().firstChild;
    rerender(<MyView {...props(reservation(8))} />);
    expect(region().textContent).toBe('');
    expect(region().firstChild).toBe(node);
  });

  it('says the new count when it changes, the turn is near on crossing 5, and not again for the same count', () => {
    const { rerender } = render(<MyView {...props(reservation(8))} />);
    rerender(<MyView {...props(reservation(7))} />);
    expect(region().textContent).toBe('あなたの前は 7人になりました。');
    rerender(<MyView {...props(reservation(5))} />);
    expect(region().textContent).toBe('あなたの前は 5人になりました。 まもなく順番です。ご来院のうえ、院内でお待ちください。');
    rerender(<MyView {...props(reservation(5))} />);
    expect(region().textContent).toBe('あなたの前は 5人になりました。 まもなく順番です。ご来院のうえ、院内でお待ちください。');
    rerender(<MyView {...props(reservation(4))} />);
    expect(region().textContent).toBe('あなたの前は 4人になりました。');
    rerender(<MyView {...props(reservation(4, true))} />);
    expect(region().textContent).toBe('呼出時不在のため保留中です。受付にお申し出ください。');
  });

  it('speaks English on the English screens', async () => {
    await applyLang('en');
    const { rerender } = render(<MyView {...props(reservation(6))} />);
    rerender(<MyView {...props(reservation(3))} />);
    expect(region().textContent).toBe('3 ahead of you now. Your turn is near. Please come to the clinic and wait inside.');
  });
});
