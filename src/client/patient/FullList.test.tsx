// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { closedDay, day, week } from '../../../test/support/schedule-fixtures.js';
import { applyLang } from '../ui/language.js';
import { FullList } from './FullList.js';
import type { ScheduleState } from './public-schedule.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const snapshot: QueueSnapshot = {
  runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 3 },
  queue: [
    { reservationNumber: 1, ahead: 0, hold: false, absent: false, queueId: 'main' },
    { reservationNumber: 3, ahead: 1, hold: false, absent: false, queueId: 'main' },
    { reservationNumber: 4, ahead: 2, hold: false, absent: false, queueId: 'main' },
    { reservationNumber: 2, ahead: null, hold: true, absent: false, queueId: 'main' },
  ],
  version: 7,
  scheduleVersion: 0,
};

const LOADING: ScheduleState = { kind: 'loading' };

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const header = () => document.querySelector('.all-header')?.textContent;

describe('full list', () => {
  it('shows the total only for the public, with numbers and people ahead, held rows last', () => {
    render(<FullList schedule={LOADING} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('受付番号一覧');
    expect(header()).toBe('待ち人数 3人');
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['受付番号', '前の人数']);
    expect(rows().map(cells)).toEqual([
      ['1', '0人'],
      ['3', '1人'],
      ['4', '2人'],
      ['2 呼出時不在（保留中）', '－'],
    ]);
    expect(document.querySelector('tr[aria-current]')).toBeNull();
    expect(screen.getByText('オンライン予約は診察開始30分後から可能です。')).toBeTruthy();
    expect(screen.queryByText('現在、院内受付を停止しています。')).toBeNull();
  });

  it("marks the patient's own row as 'あなた' and puts their place in the header", () => {
    render(<FullList schedule={LOADING} snapshot={snapshot} ownNumber={4} liveStatus="live" />);
    expect(header()).toBe('あなたの前に 2人 ／ 待ち人数 3人');
    const own = document.querySelector('tr[aria-current="true"]') as HTMLElement;
    expect(own.className).toContain('you');
    expect(cells(own)).toEqual(['4 あなた', '2人']);
  });

  it('shows just the total when the own number is on hold, still marking the row', () => {
    render(<FullList schedule={LOADING} snapshot={snapshot} ownNumber={2} liveStatus="live" />);
    expect(header()).toBe('待ち人数 3人');
    expect(cells(document.querySelector('tr[aria-current="true"]') as HTMLElement)).toEqual(['2 あなた 呼出時不在（保留中）', '－']);
  });

  it('shows just the total when the own number is no longer in the queue', () => {
    render(<FullList schedule={LOADING} snapshot={snapshot} ownNumber={9} liveStatus="live" />);
    expect(header()).toBe('待ち人数 3人');
  });

  it('shows the stopped notice when in-house reception is off, and an empty list', () => {
    const stopped = { runtime: { inhouseOn: false, onlineOn: false, currentWaitCount: 0 }, queue: [], version: 1, scheduleVersion: 0 };
    render(<FullList schedule={LOADING} snapshot={stopped} ownNumber={null} liveStatus="live" />);
    expect(screen.getByRole('status').textContent).toBe('現在、院内受付を停止しています。');
    expect(rows().map(cells)).toEqual([['現在お待ちの方はいません。']]);
  });

  it('refreshes the Tokyo clock every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-09-21T00:35:08Z'));
    render(<FullList schedule={LOADING} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    const clock = () => document.querySelector('.clock')?.textContent;
    expect(clock()).toBe('現在時刻 09:35:08');
    act(() => void vi.advanceTimersByTime(1000));
    expect(clock()).toBe('現在時刻 09:35:09');
    act(() => void vi.advanceTimersByTime(2000));
    expect(clock()).toBe('現在時刻 09:35:11');
  });

  it('waits for the first snapshot without a table, then reports reconnecting quietly', () => {
    const { rerender } = render(<FullList schedule={LOADING} snapshot={null} ownNumber={null} liveStatus="connecting" />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(header()).toBeUndefined();
    rerender(<FullList schedule={LOADING} snapshot={snapshot} ownNumber={null} liveStatus="reconnecting" />);
    expect(screen.getByRole('status').textContent).toContain('再接続しています');
    expect(rows()).toHaveLength(4);
  });

  it('shows what the channel adds (the reserve link on /web)', () => {
    render(
      <FullList schedule={LOADING} snapshot={snapshot} ownNumber={null} liveStatus="live">
        <a href="https://line.me/R/ti/p/@clinic">こちらから予約（LINE公式アカウント）</a>
      </FullList>,
    );
    expect(screen.getByRole('link', { name: 'こちらから予約（LINE公式アカウント）' })).toBeTruthy();
  });
});

describe('the clinic calendar on the full list', () => {
  const closedNow = { ...snapshot, runtime: { inhouseOn: true, onlineOn: false, currentWaitCount: 3 } };
  const ready = (schedule = week()): ScheduleState => ({ kind: 'ready', schedule });
  const hours = () => Array.from(document.querySelectorAll('.today-schedule p')).map((p) => p.textContent);

  it("shows today's online hours and, while online reception is closed, when it opens next", () => {
    render(<FullList schedule={ready()} snapshot={closedNow} ownNumber={null} liveStatus="live" />);
    expect(hours()).toEqual(['本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30', '次回のオンライン受付：本日 17:00から']);
  });

  it('leaves the next opening out while online reception is open', () => {
    render(<FullList schedule={ready()} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(hours()).toEqual(['本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30']);
  });

  it("gives the day's note and a holiday's closing", () => {
    const saturday = week({ today: '2026-11-28', days: [day('2026-11-28', { note: '11/28は午前のみの診療です' })], nextOpening: null });
    render(<FullList schedule={ready(saturday)} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(hours()).toEqual(['本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30', '11/28は午前のみの診療です']);
    cleanup();
    const holiday = week({
      today: '2026-11-23',
      days: [closedDay('2026-11-23', 'holiday', { holidayName: '勤労感謝の日' })],
      nextOpening: { date: '2026-11-24', start: '09:30' },
    });
    render(<FullList schedule={ready(holiday)} snapshot={closedNow} ownNumber={null} liveStatus="live" />);
    expect(hours()).toEqual(['本日は祝日のため休診です', '次回のオンライン受付：明日 9:30から']);
  });

  it('falls back to the fixed hours when the calendar could not be had, and shows nothing while it loads', () => {
    render(<FullList schedule={{ kind: 'failed' }} snapshot={closedNow} ownNumber={null} liveStatus="live" />);
    expect(document.querySelector('.closed-hours')?.textContent).toBe('オンライン受付時間　9:30〜11:00 ／ 17:00〜18:30');
    cleanup();
    render(<FullList schedule={LOADING} snapshot={closedNow} ownNumber={null} liveStatus="live" />);
    expect(document.querySelector('.closed-hours')).toBeNull();
    expect(hours()).toEqual([]);
  });

  it('shows the week ahead on the public page: hours, 休診 with the holiday, notes, today marked', () => {
    const schedule = week({
      today: '2026-11-23',
      days: [closedDay('2026-11-23', 'holiday', { holidayName: '勤労感謝の日' }), ...week().days.slice(0, 6)],
    });
    render(<FullList schedule={ready(schedule)} snapshot={snapshot} ownNumber={null} liveStatus="live" showWeek />);
    const table = screen.getByRole('table', { name: 'オンライン受付時間（今後1週間）' });
    const weekRows = within(table).getAllByRole('row').slice(1).map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent]);
    expect(weekRows).toEqual([
      ['11/23(月) 本日', '休診（勤労感謝の日）'],
      ['11/24(火)', '9:30〜11:00 ／ 17:00〜18:30'],
      ['11/25(水)', '9:30〜11:00 ／ 17:00〜18:30'],
      ['11/26(木)', '9:30〜11:00'],
      ['11/27(金)', '9:30〜11:00 ／ 17:00〜18:30'],
      ['11/28(土)', '9:30〜11:00 11/28は午前のみの診療です'],
      ['11/29(日)', '休診'],
    ]);
    expect(table.querySelector('[aria-current="date"]')?.textContent).toContain('11/23(月)');
  });

  it("names the holiday in the reader's language, Japanese where no English name came", async () => {
    await applyLang('en');
    try {
      const schedule = week({
        today: '2026-11-23',
        days: [closedDay('2026-11-23', 'holiday', { holidayName: '勤労感謝の日', holidayNameEn: 'Labor Thanksgiving Day' }), closedDay('2026-11-24', 'holiday', { holidayName: '国民の休日' })],
      });
      render(<FullList schedule={ready(schedule)} snapshot={snapshot} ownNumber={null} liveStatus="live" showWeek />);
      const table = document.querySelector('table.week-ahead') as HTMLElement;
      const cells = within(table).getAllByRole('cell').map((c) => c.textContent);
      expect(cells).toEqual(['Closed (Labor Thanksgiving Day)', 'Closed (国民の休日)']);
    } finally {
      await applyLang('ja');
    }
  });

  it("says from when online booking opens in the clinic's own minutes", () => {
    render(<FullList schedule={ready(week({ offsets: { openAfterStartMinutes: 15, closeBeforeEndMinutes: 30 } }))} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(document.querySelector('.all-footer')?.textContent).toBe('オンライン予約は診察開始15分後から可能です。');
    cleanup();
    render(<FullList schedule={ready(week({ offsets: { openAfterStartMinutes: 0, closeBeforeEndMinutes: 30 } }))} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(document.querySelector('.all-footer')?.textContent).toBe('オンライン予約は診察開始時刻から可能です。');
  });

  it('has no week on the patient channels', () => {
    render(<FullList schedule={ready()} snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    expect(screen.queryByRole('table', { name: 'オンライン受付時間（今後1週間）' })).toBeNull();
  });
});
