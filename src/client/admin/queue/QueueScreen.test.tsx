// @vitest-environment happy-dom
/**
 * The desk's list against a stubbed network (the staff stream played by the test, fetch answering as the
 * server's functions would); our own modules are real. What 不在, its undo and 来院済 send, that the row
 * waits while its request runs, and that a refusal is shown the usual way.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import type { AdminSnapshot } from '../../../shared/schemas/live.js';
import { DialogProvider } from '../Modal.js';
import { type Answer, type ScriptedStream, type Sent, staffSlot, stubFunctions, stubStreams } from '../test-support.js';
import { QueueScreen } from './QueueScreen.js';

let sent: Sent;
let answer: (name: string) => Answer | Promise<Answer>;
let streams: ScriptedStream[];

const T = '2026-01-05T00:35:00.000Z';
const slot = (n: number, over: Partial<StaffSlot> = {}) => staffSlot(n, T, over);

const snapshot = (slots: StaffSlot[], absentFirstUnarrived = false): AdminSnapshot => ({
  runtime: { inhouseOn: true, onlineOn: false, currentWaitCount: slots.length },
  slots,
  nextFreeNumber: slots.length + 1,
  version: 1,
  announcement: null,
  noticeThresholds: {},
  scheduleVersion: 1,
  scheduleNotice: null,
  arrivalSettings: { absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived },
});

beforeEach(() => {
  answer = () => ({ result: { ok: true, changed: true } });
  streams = stubStreams();
  sent = stubFunctions((name) => answer(name));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(slots: StaffSlot[], absentFirst = false) {
  render(
    <DialogProvider>
      <QueueScreen username="desk" onSignOut={() => {}} />
    </DialogProvider>,
  );
  act(() => streams[0].push(snapshot(slots, absentFirst)));
  await screen.findByRole('rowheader', { name: `${slots[0].reservationNumber}番` });
}
const row = (n: number) => screen.getByRole('rowheader', { name: `${n}番` }).closest('tr')!;
const button = (n: number, name: string) => within(row(n)).getByRole('button', { name }) as HTMLButtonElement;
const press = (n: number, name: string) => act(async () => void fireEvent.click(button(n, name)));

describe('the desk’s 不在 and 来院済', () => {
  it('sends 不在 with the absences the desk saw, and its undo with the count after', async () => {
    await open([slot(1), slot(2, { queuePosition: 4.5, absences: 1, absentAt: T, absentPlaces: 3 }), slot(3), slot(4), slot(5)]);
    await press(1, '不在');
    await press(2, '不在');
    await press(2, '不在取消');
    expect(sent).toEqual([
      { name: 'markAbsent', data: { slotId: 's1', absences: 0 } },
      { name: 'markAbsent', data: { slotId: 's2', absences: 1 } },
      { name: 'undoAbsent', data: { slotId: 's2', absences: 1 } },
    ]);
  });

  it('records arrival and takes it back', async () => {
    await open([slot(1), slot(2, { arrivedAt: T, arrivedBy: 'patient' })]);
    await press(1, '来院済にする');
    await press(2, '来院取消');
    expect(sent).toEqual([
      { name: 'markArrived', data: { slotId: 's1', arrived: true } },
      { name: 'markArrived', data: { slotId: 's2', arrived: false } },
    ]);
  });

  it('holds the row’s buttons while its request runs, the other rows free', async () => {
    let release: (a: Answer) => void = () => {};
    answer = () => new Promise<Answer>((resolve) => (release = resolve));
    await open([slot(1), slot(2)]);
    await press(1, '不在');
    expect(button(1, '不在').disabled).toBe(true);
    expect(button(1, '来院済にする').disabled).toBe(true);
    expect(button(2, '不在').disabled).toBe(false);
    await act(async () => release({ result: { ok: true, changed: true, outcome: 'moved', absences: 1, places: 3 } }));
    expect(button(1, '不在').disabled).toBe(false);
  });

  it('shows the server’s refusal in its own words, as the other row actions do', async () => {
    answer = () => ({ error: { status: 'FAILED_PRECONDITION', message: 'この受付番号は呼び出し中ではありません。' } });
    await open([slot(1)]);
    await press(1, '不在');
    const refusal = await screen.findByRole('alertdialog', { name: '操作できませんでした' });
    expect(within(refusal).getByText('この受付番号は呼び出し中ではありません。')).toBeTruthy();
  });

  it('offers 不在 first on the head row with the clinic’s setting on, from the live snapshot', async () => {
    await open([slot(1), slot(2)], true);
    const first = (n: number) => row(n).querySelector('.cell-actions button')!.textContent;
    expect(first(1)).toBe('不在');
    expect(first(2)).toBe('開始');
    // The head checks in on their phone: the next snapshot puts 開始 back first.
    act(() => streams[0].push(snapshot([slot(1, { arrivedAt: T, arrivedBy: 'patient' }), slot(2)], true)));
    expect(first(1)).toBe('開始');
    expect(within(row(1)).getByText('09:35 本人')).toBeTruthy();
  });
});
