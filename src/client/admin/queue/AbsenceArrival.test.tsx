// @vitest-environment happy-dom
/**
 * The staff list's part of issue 34: rows in queue order, 不在 and its undo, the absence count, the 来院済
 * column with its button, and 不在 first on the head row when the clinic asks for it.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import type { ArrivalSettings } from '../../../shared/schemas/functions.js';
import { staffSlot } from '../test-support.js';
import { QueueTable } from './QueueTable.js';
import type { RowAction } from './row-rules.js';

const T = '2026-01-05T00:35:00.000Z'; // 09:35 in Tokyo
const AT_912 = '2026-01-05T00:12:00.000Z';
const AT_915 = '2026-01-05T00:15:00.000Z';

const slot = (n: number, over: Partial<StaffSlot> = {}) => staffSlot(n, T, over);
/** Called, absent, moved back `places` behind: its place now lies between two later numbers. */
const movedBack = (n: number, position: number, over: Partial<StaffSlot> = {}) =>
  slot(n, { queuePosition: position, absences: 1, absentAt: T, absentPlaces: 3, ...over });

const ON: ArrivalSettings = { absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: true };

function show(slots: StaffSlot[], options: { busy?: string[]; settings?: ArrivalSettings } = {}) {
  const calls: [number, RowAction][] = [];
  render(
    <QueueTable
      slots={slots}
      showDone
      blinking={new Set()}
      busy={new Set(options.busy)}
      onAction={(s, action) => calls.push([s.reservationNumber, action])}
      arrivalSettings={options.settings}
    />,
  );
  return calls;
}

const row = (n: number) => screen.getByRole('rowheader', { name: `${n}番` }).closest('tr')!;
const order = () => screen.getAllByRole('rowheader').map((h) => h.textContent);
const actions = (n: number) => [...row(n).querySelectorAll('.cell-actions button')].map((b) => b.textContent);
const cell = (n: number, i: number) => within(row(n)).getAllByRole('cell')[i];
const waiting = (n: number) => cell(n, 0).textContent;
const arrived = (n: number) => cell(n, 2);
const press = (n: number, name: string) => fireEvent.click(within(row(n)).getByRole('button', { name }));

afterEach(cleanup);

describe('staff list in queue order', () => {
  it('lists a number moved back where it now waits, and ranks by that order', () => {
    show([slot(1), movedBack(2, 5.5), slot(3), slot(4), slot(5), slot(6)]);
    expect(order()).toEqual(['1番', '3番', '4番', '5番', '2番', '6番']);
    expect(waiting(1)).toBe('1');
    expect(waiting(3)).toBe('2');
    expect(waiting(2)).toBe('5不在1回');
    expect(waiting(6)).toBe('6');
  });

  it('shows how often a held number was absent beside its state', () => {
    show([slot(1, { hold: true, holdAt: T, absences: 2, absentAt: T })]);
    expect(within(cell(1, 0)).getByText('不在2回')).toBeTruthy();
    expect(waiting(1)).toBe('保留中不在2回');
  });
});

describe('不在 and its undo', () => {
  it('offers 不在 on every waiting row, the head or not, and passes it on', () => {
    const calls = show([slot(1), slot(2), line(3)]);
    for (const n of [1, 2, 3]) expect(actions(n)).toContain('不在');
    press(2, '不在');
    expect(calls).toEqual([[2, 'absent']]);
  });

  it('offers no 不在 on held, started, deleted or patient-cancelled rows', () => {
    show([
      slot(1, { hold: true, holdAt: T }),
      slot(2, { isReceptionAccepted: true, receptionAcceptedAt: T }),
      slot(3, { canceled: true, canceledAt: T }),
      line(4, { canceled: true, canceledAt: T, canceledLineAt: T }),
    ]);
    for (const n of [1, 2, 3, 4]) expect(actions(n)).not.toContain('不在');
  });

  it('offers 不在取消 after an absence, moved back or held, and passes it on', () => {
    const calls = show([movedBack(1, 2.5), slot(2), slot(3, { hold: true, holdAt: T, absences: 2, absentAt: T })]);
    expect(actions(1)).toEqual(['開始', '呼出', '不在', '不在取消', '削除', '保留']);
    expect(actions(3)).toEqual(['開始', '呼出', '不在取消', '削除', '保留取消']);
    expect(actions(2)).not.toContain('不在取消');
    press(1, '不在取消');
    press(3, '不在取消');
    expect(calls).toEqual([[1, 'undoAbsent'], [3, 'undoAbsent']]);
  });

  it('offers the undo once: an absence already undone leaves the count of the earlier one, without an undo', () => {
    show([slot(1, { absences: 1, absentAt: null, queuePosition: 1.5 }), slot(2)]);
    expect(actions(1)).toEqual(['開始', '呼出', '不在', '削除', '保留']);
    expect(waiting(1)).toBe('1不在1回');
  });

  it('offers no undo once the number is started', () => {
    show([movedBack(1, 2.5, { isReceptionAccepted: true, receptionAcceptedAt: T })]);
    expect(actions(1)).toEqual(['開始取消']);
  });

  it('disables 不在 and 不在取消 while the row’s request runs', () => {
    show([movedBack(1, 1.5)], { busy: ['s1'] });
    for (const name of ['不在', '不在取消']) {
      expect((within(row(1)).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});

describe('来院済 column', () => {
  it('says when and who recorded the arrival, with the button to take it back', () => {
    const calls = show([slot(1, { arrivedAt: AT_912, arrivedBy: 'patient' }), slot(2, { arrivedAt: AT_915, arrivedBy: 'staff' })]);
    expect(arrived(1).textContent).toBe('09:12 本人来院取消');
    expect(within(arrived(2)).getByText('09:15 受付')).toBeTruthy();
    press(2, '来院取消');
    expect(calls).toEqual([[2, 'unarrive']]);
  });

  it('offers 来院済にする on a number not yet checked in, held ones too', () => {
    const calls = show([slot(1), slot(2, { hold: true, holdAt: T })]);
    press(1, '来院済にする');
    press(2, '来院済にする');
    expect(calls).toEqual([[1, 'arrive'], [2, 'arrive']]);
  });

  it('keeps the time on a started number, without a button', () => {
    show([slot(1, { isReceptionAccepted: true, receptionAcceptedAt: T, arrivedAt: AT_912, arrivedBy: 'patient' }), slot(2, { canceled: true })]);
    expect(arrived(1).textContent).toBe('09:12 本人');
    expect(within(arrived(1)).queryByRole('button')).toBeNull();
    expect(arrived(2).textContent).toBe('');
  });

  it('disables the button while the row’s request runs', () => {
    show([slot(1)], { busy: ['s1'] });
    expect((within(arrived(1)).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('不在 first on the head row (absentFirstUnarrived)', () => {
  const first = (n: number) => row(n).querySelector('.cell-actions button')!;

  it('puts 不在 first and primary on the head row while its patient has not checked in', () => {
    show([slot(1), slot(2)], { settings: ON });
    expect(actions(1)).toEqual(['不在', '開始', '呼出', '削除', '保留']);
    expect(first(1).className).toContain('primary');
    expect(within(row(1)).getByRole('button', { name: '開始' }).className).not.toContain('primary');
    // Only the head: the next row keeps the usual order, with 開始 the primary step.
    expect(actions(2)).toEqual(['開始', '呼出', '不在', '削除', '保留']);
    expect(first(2).className).toContain('primary');
  });

  it('keeps the usual order once the head has arrived, or with the setting off', () => {
    show([slot(1, { arrivedAt: AT_912, arrivedBy: 'patient' }), slot(2)], { settings: ON });
    expect(actions(1)[0]).toBe('開始');
    cleanup();
    show([slot(1), slot(2)], { settings: { ...ON, absentFirstUnarrived: false } });
    expect(actions(1)[0]).toBe('開始');
  });

  it('follows the head: a number moved back gives the place to the next one', () => {
    show([movedBack(1, 3.5), slot(2), slot(3), slot(4)], { settings: ON });
    expect(order()[0]).toBe('2番');
    expect(actions(2)[0]).toBe('不在');
    expect(actions(1)[0]).toBe('開始');
  });

  it('keeps the other places where they are on every row', () => {
    show([slot(1), slot(2)], { settings: ON });
    const places = (n: number) => [...row(n).querySelector('.action-places')!.children].map((c) => c.textContent);
    expect(places(1).slice(3)).toEqual(places(2).slice(3));
  });
});

function line(n: number, over: Partial<StaffSlot> = {}): StaffSlot {
  return slot(n, { reservedType: 'LINE', ...over });
}
