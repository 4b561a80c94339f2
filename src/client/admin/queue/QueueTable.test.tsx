// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { staffSlot } from '../test-support.js';
import { QueueTable } from './QueueTable.js';
import type { RowAction } from './row-rules.js';

const T = '2026-01-05T00:35:00.000Z'; // 09:35 in Tokyo

const slot = (n: number, over: Partial<StaffSlot> = {}) => staffSlot(n, T, over);
const line = (n: number, over: Partial<StaffSlot> = {}) => slot(n, { reservedType: 'LINE', ...over });
const pwa = (n: number, over: Partial<StaffSlot> = {}) => slot(n, { reservedType: 'PWA', ...over });

function show(slots: StaffSlot[], options: { showDone?: boolean; blinking?: string[]; busy?: string[] } = {}) {
  const calls: [number, RowAction][] = [];
  render(
    <QueueTable
      slots={slots}
      showDone={options.showDone ?? true}
      blinking={new Set(options.blinking)}
      busy={new Set(options.busy)}
      onAction={(s, action) => calls.push([s.reservationNumber, action])}
    />,
  );
  return calls;
}

function row(n: number): HTMLElement {
  return screen.getByRole('rowheader', { name: `${n}番` }).closest('tr')!;
}
/** The buttons among the row's actions (the 来院済 column's own button is tested apart). */
const buttons = (n: number) =>
  [...row(n).querySelectorAll('.cell-actions button')].map((b) => b.textContent);
const cells = (n: number) => within(row(n)).getAllByRole('cell').map((c) => c.textContent);

afterEach(cleanup);

describe('staff list: buttons by row state', () => {
  it('offers start, delete and hold for a waiting walk-in, and no recall or confirm', () => {
    show([slot(1)]);
    expect(buttons(1)).toEqual(['開始', '呼出', '不在', '削除', '保留']);
  });

  it('offers recall and confirm for a waiting LINE or PWA reservation not yet recalled or confirmed', () => {
    show([line(1), pwa(2)]);
    expect(buttons(1)).toEqual(['開始', '呼出', '不在', '再呼出', '削除', '保留', '確認済']);
    expect(buttons(2)).toEqual(['開始', '呼出', '不在', '再呼出', '削除', '保留', '確認済']);
  });

  it('drops recall once sent (saying when) and confirm once confirmed', () => {
    show([line(1, { notifiedAheadAt: T, adminConfirmedAt: T })]);
    expect(buttons(1)).toEqual(['開始', '呼出', '不在', '削除', '保留']);
    expect(row(1).textContent).toContain('再呼出済 09:35');
  });

  it('turns hold into its undo on a held row, which keeps start, recall and delete (no 不在: it is not waiting)', () => {
    show([pwa(3, { hold: true, holdAt: T })]);
    expect(buttons(3)).toEqual(['開始', '呼出', '再呼出', '削除', '保留取消', '確認済']);
    expect(cells(3)[0]).toBe('保留中');
  });

  it('offers only the undo on a started row and on a row deleted by staff', () => {
    show([line(4, { isReceptionAccepted: true, receptionAcceptedAt: T }), pwa(5, { canceled: true, canceledAt: T })]);
    expect(buttons(4)).toEqual(['開始取消']);
    expect(cells(4)[0]).toBe('開始済');
    expect(buttons(5)).toEqual(['削除取消']);
    expect(cells(5)[0]).toBe('削除済');
  });

  it('offers nothing on a row the patient cancelled (staff cannot undo it)', () => {
    show([pwa(6, { canceled: true, canceledAt: T, canceledPwaAt: T })]);
    expect(buttons(6)).toEqual([]);
    expect(cells(6)[0]).toBe('患者キャンセル');
  });

  it('keeps eight button places on every row so buttons never move', () => {
    show([slot(1), line(2), slot(3, { isReceptionAccepted: true })]);
    for (const n of [1, 2, 3]) expect(row(n).querySelector('.action-places')!.children).toHaveLength(8);
  });

  it('passes the pressed action on, and disables the row while its request runs', () => {
    const calls = show([line(1), slot(2)], { busy: ['s2'] });
    fireEvent.click(within(row(1)).getByRole('button', { name: '再呼出' }));
    fireEvent.click(within(row(1)).getByRole('button', { name: '保留' }));
    fireEvent.click(within(row(1)).getByRole('button', { name: '呼出' }));
    expect(calls).toEqual([[1, 'recall'], [1, 'hold'], [1, 'call']]);
    for (const b of within(row(2)).getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('staff list: columns', () => {
  it('ranks only waiting rows in queue order and shows Tokyo reception time with the channel icon', () => {
    show([slot(3), line(1), slot(2, { hold: true, holdAt: T }), pwa(4, { isReceptionAccepted: true })]);
    expect(cells(1)[0]).toBe('1');
    expect(cells(3)[0]).toBe('2');
    expect(cells(1)[1]).toMatch(/^09:35/);
    expect(within(row(1)).getByRole('img', { name: 'LINE' })).toBeTruthy();
    expect(within(row(4)).getByRole('img', { name: 'PWA' })).toBeTruthy();
    expect(within(row(3)).queryByRole('img')).toBeNull();
  });

  it('shows the 5-ahead notice time, or that it was skipped for a confirmed patient', () => {
    show([line(1, { notifiedAt: T }), pwa(2, { ahead5SkippedAt: T, ahead5SkippedReason: 'adminConfirmed', adminConfirmedAt: T })]);
    expect(cells(1)[3]).toBe('09:35');
    expect(cells(2)[3]).toBe('省略（確認済）');
  });
});

describe('staff list: which rows show', () => {
  const slots = [slot(1), slot(2, { isReceptionAccepted: true }), slot(3, { canceled: true }), pwa(4, { canceled: true, canceledPwaAt: T })];

  it('hides started and deleted rows unless the checkbox asks for them', () => {
    show(slots, { showDone: false });
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['1番']);
  });

  it('keeps a row the patient just cancelled visible while it blinks', () => {
    show(slots, { showDone: false, blinking: ['s4'] });
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['1番', '4番']);
    expect(row(4).className).toContain('row-blink');
  });

  it('says so when nothing is left to show', () => {
    show([], { showDone: false });
    expect(screen.getByText('表示する受付はありません')).toBeTruthy();
  });
});
