// @vitest-environment happy-dom
/**
 * What the card and the screen reader say after an absence (issue 34): moved back so many places, to the
 * end, or held; nothing once staff lift the hold; the new count read out with it; an undo is no news.
 */
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

const AT = '2025-09-21T01:10:00.000Z';
const waiting: MyReservation = {
  slotId: 's-12',
  reservationNumber: 12,
  reservedAt: '2025-09-21T00:35:00.000Z',
  ahead: 0,
  hold: false,
  absence: null,
  arrivedAt: null,
};
const moved = (places: number, ahead = 3, count = 1): MyReservation => ({ ...waiting, ahead, absence: { count, at: AT, places } });
const held: MyReservation = { ...waiting, ahead: null, hold: true, absence: { count: 2, at: AT, places: null } };

const props = (reservation: MyReservation) => myViewProps(reservation, { bookPath: '/pwa/book' });
const card = () => screen.getByRole('region', { name: /受付番号|Your number/ }).textContent ?? '';
const region = () => screen.getByTestId('ahead-announcer').textContent;

describe('the card after an absence', () => {
  it('says plainly that the patient was moved back, and how many are ahead now', () => {
    render(<MyView {...props(moved(3))} />);
    expect(card()).toContain('お呼びしましたがいらっしゃらなかったため、順番を3人後ろに移しました。');
    expect(card()).toContain('あなたの前に 3人');
  });

  it('says "to the end" when no one was left to pass', () => {
    render(<MyView {...props(moved(0, 4))} />);
    expect(card()).toContain('お呼びしましたがいらっしゃらなかったため、順番を最後に移しました。');
    expect(card()).not.toContain('0人後ろ');
  });

  it('says the number is held and to speak to the desk', () => {
    render(<MyView {...props(held)} />);
    expect(card()).toContain('お呼びしましたがいらっしゃらなかったため、保留になりました。受付にお声がけください。');
    expect(card()).not.toContain('後ろに移しました');
  });

  it('says nothing of it without an absence, or once staff lifted the hold it caused', () => {
    render(<MyView {...props(waiting)} />);
    expect(card()).not.toContain('お呼びしましたが');
    cleanup();
    render(<MyView {...props({ ...waiting, ahead: 2, absence: { count: 2, at: AT, places: null } })} />);
    expect(card()).not.toContain('お呼びしましたが');
  });

  it('speaks English on the English screens', async () => {
    await applyLang('en');
    render(<MyView {...props(moved(3))} />);
    expect(card()).toContain('We called you but you were not here, so we moved you back in the queue by 3.');
    expect(card()).toContain('3 ahead of you');
  });
});

describe('the polite announcement of an absence', () => {
  it('reads out the move with the new count, once, and the hold on a later absence', () => {
    const { rerender } = render(<MyView {...props({ ...waiting, ahead: 0 })} />);
    expect(region()).toBe('');
    rerender(<MyView {...props(moved(3))} />);
    expect(region()).toBe('お呼びしましたがいらっしゃらなかったため、順番を3人後ろに移しました。 あなたの前は 3人になりました。');
    rerender(<MyView {...props(moved(3, 2))} />);
    expect(region()).toBe('あなたの前は 2人になりました。');
    rerender(<MyView {...props(held)} />);
    expect(region()).toBe('お呼びしましたがいらっしゃらなかったため、保留になりました。受付にお声がけください。');
  });

  it('does not announce an undo at the desk as an absence', () => {
    const { rerender } = render(<MyView {...props(moved(3, 3, 2))} />);
    rerender(<MyView {...props(moved(3, 0, 1))} />);
    expect(region()).toBe('あなたの前は 0人になりました。');
  });
});
