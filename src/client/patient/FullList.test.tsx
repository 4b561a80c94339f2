// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { FullList } from './FullList.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const snapshot: QueueSnapshot = {
  runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 3 },
  queue: [
    { reservationNumber: 1, ahead: 0, hold: false },
    { reservationNumber: 3, ahead: 1, hold: false },
    { reservationNumber: 4, ahead: 2, hold: false },
    { reservationNumber: 2, ahead: null, hold: true },
  ],
  version: 7,
  scheduleVersion: 0,
};

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const header = () => document.querySelector('.all-header')?.textContent;

describe('full list', () => {
  it('shows the total only for the public, with numbers and people ahead, held rows last', () => {
    render(<FullList snapshot={snapshot} ownNumber={null} liveStatus="live" />);
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
    render(<FullList snapshot={snapshot} ownNumber={4} liveStatus="live" />);
    expect(header()).toBe('あなたの前に 2人 ／ 待ち人数 3人');
    const own = document.querySelector('tr[aria-current="true"]') as HTMLElement;
    expect(own.className).toContain('you');
    expect(cells(own)).toEqual(['4 あなた', '2人']);
  });

  it('shows just the total when the own number is on hold, still marking the row', () => {
    render(<FullList snapshot={snapshot} ownNumber={2} liveStatus="live" />);
    expect(header()).toBe('待ち人数 3人');
    expect(cells(document.querySelector('tr[aria-current="true"]') as HTMLElement)).toEqual(['2 あなた 呼出時不在（保留中）', '－']);
  });

  it('shows just the total when the own number is no longer in the queue', () => {
    render(<FullList snapshot={snapshot} ownNumber={9} liveStatus="live" />);
    expect(header()).toBe('待ち人数 3人');
  });

  it('shows the stopped notice when in-house reception is off, and an empty list', () => {
    const stopped = { runtime: { inhouseOn: false, onlineOn: false, currentWaitCount: 0 }, queue: [], version: 1, scheduleVersion: 0 };
    render(<FullList snapshot={stopped} ownNumber={null} liveStatus="live" />);
    expect(screen.getByRole('status').textContent).toBe('現在、院内受付を停止しています。');
    expect(rows().map(cells)).toEqual([['現在お待ちの方はいません。']]);
  });

  it('refreshes the Tokyo clock every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-09-21T00:35:08Z'));
    render(<FullList snapshot={snapshot} ownNumber={null} liveStatus="live" />);
    const clock = () => document.querySelector('.clock')?.textContent;
    expect(clock()).toBe('現在時刻 09:35:08');
    act(() => void vi.advanceTimersByTime(1000));
    expect(clock()).toBe('現在時刻 09:35:09');
    act(() => void vi.advanceTimersByTime(2000));
    expect(clock()).toBe('現在時刻 09:35:11');
  });

  it('waits for the first snapshot without a table, then reports reconnecting quietly', () => {
    const { rerender } = render(<FullList snapshot={null} ownNumber={null} liveStatus="connecting" />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(header()).toBeUndefined();
    rerender(<FullList snapshot={snapshot} ownNumber={null} liveStatus="reconnecting" />);
    expect(screen.getByRole('status').textContent).toContain('再接続しています');
    expect(rows()).toHaveLength(4);
  });

  it('shows what the channel adds (the reserve link on /web)', () => {
    render(
      <FullList snapshot={snapshot} ownNumber={null} liveStatus="live">
        <a href="https://line.me/R/ti/p/@clinic">こちらから予約（LINE公式アカウント）</a>
      </FullList>,
    );
    expect(screen.getByRole('link', { name: 'こちらから予約（LINE公式アカウント）' })).toBeTruthy();
  });
});
