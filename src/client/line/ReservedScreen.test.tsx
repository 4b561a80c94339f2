// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { followMove, rememberReservation } from './latest-reservation.js';
import { ReservedScreen } from './ReservedScreen.js';

/** The browser's stream at its edge: it hands over `snapshot` once, as the server's first frame would. */
let snapshot: QueueSnapshot | null = null;
class OneSnapshotEventSource {
  static readonly CLOSED = 2;
  readyState = 1;
  onerror: (() => void) | null = null;
  addEventListener(_event: string, listener: (m: { data: string }) => void) {
    if (snapshot) queueMicrotask(() => listener({ data: JSON.stringify(snapshot) }));
  }
  close() {}
}

beforeEach(() => vi.stubGlobal('EventSource', OneSnapshotEventSource));
afterEach(() => {
  snapshot = null;
  vi.unstubAllGlobals();
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('reservation confirmation (/line/reserved)', () => {
  it('shows the stored latest reservation with a link to the my page', () => {
    rememberReservation({ slotId: 's', reservationNumber: 15, reservedAt: new Date().toISOString() });
    render(<ReservedScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('受付番号を取得しました');
    const card = screen.getByRole('region', { name: 'あなたの受付番号' });
    expect(card.textContent).toContain('15番');
    expect(card.textContent).toMatch(/\d{4}\/\d{2}\/\d{2}\([日月火水木金土]\) \d{2}:\d{2}/);
    expect(screen.getByRole('link', { name: '予約状況を確認する' }).getAttribute('href')).toBe('/line/my');
  });

  it('shows who is being seen and the estimated wait for the number just taken (issue 14)', async () => {
    rememberReservation({ slotId: 's', reservationNumber: 15, reservedAt: new Date().toISOString() });
    snapshot = {
      runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 5 },
      queue: [12, 13, 14, 15, 16].map((n, i) => ({ reservationNumber: n, ahead: i, hold: false, absent: false, queueId: 'main' })),
      version: 9,
      estimate: { minutesPerPerson: 5, spreadMinutes: 2, paceError: 0.1, lastStartAt: null, basis: 'history' },
      nowCalling: 11,
      scheduleVersion: 0,
    };
    render(<ReservedScreen />);
    const card = screen.getByRole('region', { name: 'あなたの受付番号' });
    expect((await screen.findByText('ただいま 11番の方を診察中')).closest('section')).toBe(card);
    expect(card.textContent).toContain('お呼びするまでの目安');
    expect(card.textContent).toMatch(/約\d+〜\d+分/);
    expect(card.textContent).toMatch(/（\d{2}:\d{2}ごろ）/);
  });

  it('goes to /line/book when nothing is stored', async () => {
    window.history.replaceState(null, '', '/line/reserved');
    render(<ReservedScreen />);
    await Promise.resolve();
    expect(window.location.pathname).toBe('/line/book');
  });

  it('lists a family’s numbers taken together with their names (decision 053), from the family chunk', async () => {
    const reservedAt = new Date().toISOString();
    const card = (n: number, memberName: string | null) => ({ slotId: `s${n}`, reservationNumber: n, reservedAt, ahead: n, hold: false, familyId: 's4', memberName });
    rememberReservation(card(4, 'たろう'), [card(4, 'たろう'), card(5, null), card(6, 'じろう')]);
    render(<ReservedScreen />);
    const list = await screen.findByRole('list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['4番たろう', '5番2人目', '6番じろう']);
    expect(screen.getByRole('heading', { level: 2, name: 'ご家族の受付番号（3人分）' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'あなたの受付番号' }).textContent).toContain('4番');
  });

  it('lists nothing more for one number', async () => {
    rememberReservation({ slotId: 's', reservationNumber: 15, reservedAt: new Date().toISOString() }, []);
    render(<ReservedScreen />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says the number was moved by the desk (decision 067), in the catalogue’s words, once the my page read it', async () => {
    const reservedAt = new Date().toISOString();
    rememberReservation({ slotId: 's', reservationNumber: 12, reservedAt });
    followMove({ slotId: 's2', reservationNumber: 502, reservedAt, ahead: 0, hold: false, movedFrom: 12 }, null);
    render(<ReservedScreen />);
    const card = screen.getByRole('region', { name: 'あなたの受付番号' });
    expect(card.textContent).toContain('502番');
    expect(within(card).getByText('受付で番号を移しました（前の番号 12番）。この番号でお待ちください。')).toBeTruthy();
  });

  it('marks a family member the desk moved in the family’s list', async () => {
    const reservedAt = new Date().toISOString();
    localStorage.setItem(
      'latestReservationLine',
      JSON.stringify({
        slotId: 's4',
        reservationNumber: 4,
        reservedAt,
        family: [
          { slotId: 's4', reservationNumber: 4, memberName: 'たろう' },
          { slotId: 's501', reservationNumber: 501, memberName: null, movedFrom: 5 },
        ],
      }),
    );
    render(<ReservedScreen />);
    const list = await screen.findByRole('list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['4番たろう', '501番2人目5番から移動']);
  });
});
