// @vitest-environment happy-dom
/**
 * The desk's list for a clinic of several queues (decision 061), against a stubbed network (the staff stream
 * played by the test, fetch answering as allocateNextSlot would); our own modules are real. The filter and
 * its memory, the rows' tags and per-queue ranks, and the walk-in's queue; a one-queue clinic shows none of it.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import type { AdminSnapshot, QueueLive } from '../../../shared/schemas/live.js';
import { DialogProvider } from '../Modal.js';
import { QUEUE_FILTER_KEY } from '../several-queues.js';
import { type ScriptedStream, type Sent, staffSlot, stubFunctions, stubStreams, threeQueues } from '../test-support.js';
import { QueueScreen } from './QueueScreen.js';

const T = '2026-01-05T00:35:00.000Z';
let sent: Sent;
let streams: ScriptedStream[];

/** 1 and 2 in 一般, 501 and 502 in 予防接種, 1001 in 発熱外来, in the order they were taken. */
const slots = (): StaffSlot[] => [
  staffSlot(1, T, { queuePosition: 1 }),
  staffSlot(501, T, { queueId: 'vaccine', queuePosition: 2 }),
  staffSlot(2, T, { queuePosition: 3 }),
  staffSlot(1001, T, { queueId: 'fever', queuePosition: 4 }),
  staffSlot(502, T, { queueId: 'vaccine', queuePosition: 5 }),
];

const snapshot = (queues: QueueLive[] | undefined, list = slots()): AdminSnapshot => ({
  runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: list.length },
  ...(queues ? { queues, nextFreeNumbers: { main: 3, vaccine: 503, fever: null } } : {}),
  slots: list,
  nextFreeNumber: 3,
  version: 1,
  announcement: null,
  noticeThresholds: {},
  scheduleVersion: 1,
  scheduleNotice: null,
  arrivalSettings: { absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false },
});

beforeEach(() => {
  localStorage.clear();
  streams = stubStreams();
  sent = stubFunctions((name) => ({ result: name === 'claimAdminBeep' ? { claimed: true } : { slotId: 'new', reservationNumber: 503 } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(queues: QueueLive[] | undefined) {
  const view = render(
    <DialogProvider>
      <QueueScreen username="desk" onSignOut={() => {}} />
    </DialogProvider>,
  );
  act(() => streams[0].push(snapshot(queues)));
  await screen.findAllByRole('rowheader');
  return view;
}
const numbers = () => screen.getAllByRole('rowheader').map((th) => th.firstChild!.textContent);
const row = (n: number) => screen.getByRole('rowheader', { name: new RegExp(`^${n}番`) }).closest('tr')!;
const nextNumber = () => document.querySelector('.next-number')!.textContent;
const newReception = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '新規受付' })));

describe('the desk’s list with three queues', () => {
  it('tags each row with its queue, ranks within the queue, and counts each queue in the filter', async () => {
    await open(threeQueues([2, 2, 1]));
    expect(numbers()).toEqual(['1番', '501番', '2番', '1001番', '502番']);
    expect(within(row(501)).getByText('予防接種').className).toContain('queue-tag');
    expect(within(row(1)).getByText('一般')).toBeTruthy();
    // 502 is second in 予防接種 though fifth on the list.
    expect(row(502).querySelector('.cell-waiting')!.textContent).toBe('2');
    expect(row(1001).querySelector('.cell-waiting')!.textContent).toBe('1');
    const filter = screen.getByRole('group', { name: '受付項目' });
    expect(within(filter).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'すべて5人待ち', '一般2人待ち', '予防接種2人待ち', '発熱外来1人待ち',
    ]);
    expect((within(filter).getByRole('radio', { name: /すべて/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows one queue when chosen, and this browser remembers the choice', async () => {
    const view = await open(threeQueues([2, 2, 1]));
    fireEvent.click(screen.getByRole('radio', { name: /予防接種/ }));
    expect(numbers()).toEqual(['501番', '502番']);
    expect(localStorage.getItem(QUEUE_FILTER_KEY)).toBe('vaccine');
    view.unmount();
    await openAgain();
    expect(numbers()).toEqual(['501番', '502番']);
    expect((screen.getByRole('radio', { name: /予防接種/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('reads a remembered queue the clinic no longer has as すべて', async () => {
    localStorage.setItem(QUEUE_FILTER_KEY, 'doctor-b');
    await open(threeQueues());
    expect(numbers()).toHaveLength(5);
    expect((screen.getByRole('radio', { name: /すべて/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('takes a walk-in in the filtered queue, preselected, and says which', async () => {
    localStorage.setItem(QUEUE_FILTER_KEY, 'vaccine');
    await open(threeQueues());
    expect((screen.getByRole('combobox', { name: '受付項目' }) as HTMLSelectElement).value).toBe('vaccine');
    await newReception();
    expect(sent).toEqual([{ name: 'allocateNextSlot', data: { reservedType: 'ADMIN', lang: 'ja', queueId: 'vaccine' } }]);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('予防接種 503番を発行しました');
  });

  it('under すべて asks for the queue before taking a number, then sends the one chosen', async () => {
    await open(threeQueues());
    const select = screen.getByRole('combobox', { name: '受付項目' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    await newReception();
    expect(sent).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('受付項目を選んでください');
    expect(document.activeElement).toBe(select);
    fireEvent.change(select, { target: { value: 'fever' } });
    await newReception();
    expect(sent).toEqual([{ name: 'allocateNextSlot', data: { reservedType: 'ADMIN', lang: 'ja', queueId: 'fever' } }]);
  });

  it('follows the filter: switching the list to 一般 takes walk-ins there, with its next number', async () => {
    await open(threeQueues());
    fireEvent.click(screen.getByRole('radio', { name: /一般/ }));
    expect((screen.getByRole('combobox', { name: '受付項目' }) as HTMLSelectElement).value).toBe('main');
    expect(nextNumber()).toBe('次の受付番号 3番');
    fireEvent.click(screen.getByRole('radio', { name: /予防接種/ }));
    expect(nextNumber()).toBe('次の受付番号 503番');
    // 発熱外来 has handed out every number of its range.
    fireEvent.click(screen.getByRole('radio', { name: /発熱外来/ }));
    expect(nextNumber()).toBe('すべての番号を発行済みです');
  });

  it('under すべて tells no next number until a queue is chosen, then the chosen queue’s', async () => {
    await open(threeQueues());
    expect(nextNumber()).toBe('');
    fireEvent.change(screen.getByRole('combobox', { name: '受付項目' }), { target: { value: 'vaccine' } });
    expect(nextNumber()).toBe('次の受付番号 503番');
  });

  it('names the queue of a new online number in the desk’s notice', async () => {
    await open(threeQueues());
    const online = staffSlot(1002, T, { queueId: 'fever', reservedType: 'LINE', adminBeepAnnounced: false, queuePosition: 6 });
    await act(async () => streams[0].push(snapshot(threeQueues(), [...slots(), online])));
    const notice = await screen.findByRole('alertdialog', { name: '新しいオンライン予約' });
    expect(within(notice).getByText('新しいオンライン予約があります（発熱外来 受付番号 1002番・LINE）')).toBeTruthy();
  });
});

describe('the desk’s list of a one-queue clinic', () => {
  it('has no filter, no tags, no queue choice, and takes a walk-in without a queue', async () => {
    await open(undefined);
    expect(screen.queryByRole('group', { name: '受付項目' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '受付項目' })).toBeNull();
    expect(document.querySelector('.queue-tag')).toBeNull();
    // One queue: ranks run across the whole list, as always.
    expect(row(502).querySelector('.cell-waiting')!.textContent).toBe('5');
    expect(nextNumber()).toBe('次の受付番号 3番');
    await newReception();
    expect(sent).toEqual([{ name: 'allocateNextSlot', data: { reservedType: 'ADMIN', lang: 'ja' } }]);
    expect(screen.getByText('受付番号 503番を発行しました')).toBeTruthy();
  });
});

async function openAgain() {
  streams.length = 0;
  await open(threeQueues([2, 2, 1]));
}
