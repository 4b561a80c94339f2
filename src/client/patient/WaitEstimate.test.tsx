// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitEstimate } from '../../shared/estimate/range.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { FullList } from './FullList.js';
import { MyView } from './MyView.js';

const NOW = new Date('2026-11-23T01:00:00.000Z'); // 10:00 Tokyo
const estimate: WaitEstimate = { minutesPerPerson: 5, spreadMinutes: 2, paceError: 0.1, lastStartAt: null, basis: 'blend' };
const snapshot: QueueSnapshot = {
  runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 10 },
  queue: [
    ...Array.from({ length: 10 }, (_, i) => ({ reservationNumber: 24 + i, ahead: i, hold: false, absent: false, queueId: 'main' })),
    { reservationNumber: 20, ahead: null, hold: true, absent: false, queueId: 'main' },
  ],
  version: 3,
  estimate,
  nowCalling: 23,
  scheduleVersion: 0,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const text = () => document.body.textContent ?? '';

describe('full list: estimated wait and now calling', () => {
  it('shows the number being seen and, for the public, the wait behind everyone waiting', () => {
    render(<FullList schedule={{ kind: 'loading' }} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(screen.getByRole('status').textContent).toBe('ただいま 23番の方を診察中');
    expect(text()).toContain('今から受付した場合の待ち時間の目安');
    // 10 people at 5 min plus half of the consultation under way: 52.5 min, so about 10:55.
    expect(text()).toMatch(/約\d+〜\d+分/);
    expect(text()).toContain('（10:55ごろ）');
  });

  it("shows a patient their own wait, and a held patient none", () => {
    render(<FullList schedule={{ kind: 'loading' }} snapshot={snapshot} ownNumber={26} liveStatus="live" />);
    expect(text()).toContain('お呼びするまでの目安');
    expect(text()).toContain('（10:15ごろ）'); // 2 ahead: 12.5 min
    cleanup();
    render(<FullList schedule={{ kind: 'loading' }} snapshot={snapshot} ownNumber={20} liveStatus="live" />);
    expect(text()).toContain('呼出時不在のため、待ち時間の目安はありません。');
    expect(text()).not.toMatch(/約\d+〜\d+分/);
  });

  it('says plainly when there is not enough to estimate yet, and shows nothing while reception is stopped', () => {
    render(<FullList schedule={{ kind: 'loading' }} snapshot={{ ...snapshot, estimate: null, nowCalling: null }} ownNumber={null} liveStatus="live" />);
    expect(text()).toContain('まだ待ち時間の目安をお出しできません');
    expect(text()).not.toContain('診察中');
    cleanup();
    render(<FullList schedule={{ kind: 'loading' }} snapshot={{ ...snapshot, runtime: { ...snapshot.runtime, inhouseOn: false } }} ownNumber={null} liveStatus="live" />);
    expect(text()).not.toContain('目安');
  });
});

describe('my reservation: estimated wait and now calling', () => {
  const reservation: MyReservation = { slotId: 's', reservationNumber: 30, reservedAt: NOW.toISOString(), ahead: 6, hold: false };
  const props = { displayName: null, loaded: true, liveStatus: 'live' as const, canceling: false, cancelError: null, bookPath: '/pwa/book', onCancel() {} };

  it('shows the range and expected time on the card, and who is being seen', () => {
    const mine = { ...snapshot, queue: [...snapshot.queue, { reservationNumber: 30, ahead: 6, hold: false, absent: false, queueId: 'main' }] };
    render(<MyView {...props} reservation={reservation} snapshot={mine} />);
    expect(text()).toContain('ただいま 23番の方を診察中');
    const card = screen.getByRole('region', { name: 'あなたの受付番号' });
    expect(card.textContent).toContain('お呼びするまでの目安');
    expect(card.textContent).toContain('（10:35ごろ）'); // 6 ahead: 32.5 min
  });

  it('tells the patient the latest time to arrive: now plus the range\'s low edge (decision 055), and the public page no such thing', () => {
    const mine = { ...snapshot, queue: [...snapshot.queue, { reservationNumber: 30, ahead: 6, hold: false, absent: false, queueId: 'main' }] };
    render(<MyView {...props} reservation={reservation} snapshot={mine} />);
    const card = screen.getByRole('region', { name: 'あなたの受付番号' });
    const low = Number(/約(\d+)〜\d+分/.exec(card.textContent ?? '')?.[1]);
    const latest = new Date(NOW.getTime() + low * 60_000).toLocaleTimeString('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });
    expect(card.textContent).toContain(`遅くとも ${latest} までにお越しください`);
    cleanup();
    render(<FullList schedule={{ kind: 'loading' }} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(text()).not.toContain('までにお越しください');
  });

  it('says "soon" to the next patient when the range is within 5 minutes', () => {
    const next = { ...estimate, minutesPerPerson: 2, spreadMinutes: 0.5, lastStartAt: new Date(NOW.getTime() - 60_000).toISOString() };
    const mine = { ...snapshot, estimate: next, nowCalling: 29, queue: [{ reservationNumber: 30, ahead: 0, hold: false, absent: false, queueId: 'main' }] };
    render(<MyView {...props} reservation={{ ...reservation, ahead: 0 }} snapshot={mine} />);
    expect(text()).toContain('まもなくお呼びします');
  });
});
