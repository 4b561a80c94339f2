// @vitest-environment happy-dom
/**
 * The monitor's check-in code against a stubbed network (fetch answers as the server's functions would);
 * our own modules are real. The key from a signed-in opening is kept; the code is asked for again at its
 * end; a voided key or none shows nothing.
 */
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MONITOR_KEY_STORAGE, nextDelay, RETRY_MS, useMonitorCheckinCode } from './checkin-code.js';
import { type Answer, type Sent, stubFunctions } from '../test-support.js';
import { MonitorFooter } from './MonitorFooter.js';

let sent: Sent;
let answer: (name: string, data: unknown) => Answer;

const KEY = 'k'.repeat(64);
const NOW = Date.parse('2026-11-27T01:02:00Z');
const refused = (status: string): Answer => ({ error: { status, message: status } });
const codeUntil = (code: string, minutes: number): Answer => ({
  result: { code, until: new Date(NOW + minutes * 60_000).toISOString() },
});
const codeCalls = () => sent.filter((s) => s.name === 'getMonitorCheckinCode');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  localStorage.clear();
  sent = stubFunctions((name, data) => answer(name, data));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Lets the pending requests answer. */
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

describe('the monitor’s check-in code', () => {
  it('opened by signed-in staff: keeps the key, shows the code and asks again when it ends', async () => {
    let n = 0;
    answer = (name) =>
      name === 'getArrivalSetup'
        ? { result: { monitorKey: KEY, deskCode: '123456', deskLink: 'x', settings: {} } }
        : codeUntil(n++ === 0 ? '0427' : '9981', 3 + n);
    const { result } = renderHook(() => useMonitorCheckinCode());
    await settle();
    expect(localStorage.getItem(MONITOR_KEY_STORAGE)).toBe(KEY);
    expect(codeCalls()).toEqual([{ name: 'getMonitorCheckinCode', data: { monitorKey: KEY } }]);
    expect(result.current?.code).toBe('0427');
    // Not before its end…
    await act(async () => void (await vi.advanceTimersByTimeAsync(4 * 60_000 - 1000)));
    expect(codeCalls()).toHaveLength(1);
    // …and just after it.
    await act(async () => void (await vi.advanceTimersByTimeAsync(2000)));
    expect(codeCalls()).toHaveLength(2);
    expect(result.current?.code).toBe('9981');
    expect(sent.filter((s) => s.name === 'getArrivalSetup')).toHaveLength(1);
  });

  it('left running signed out: the key kept from an earlier opening serves', async () => {
    localStorage.setItem(MONITOR_KEY_STORAGE, KEY);
    answer = (name) => (name === 'getArrivalSetup' ? refused('UNAUTHENTICATED') : codeUntil('5310', 4));
    const { result } = renderHook(() => useMonitorCheckinCode());
    await settle();
    expect(codeCalls()).toEqual([{ name: 'getMonitorCheckinCode', data: { monitorKey: KEY } }]);
    expect(result.current?.code).toBe('5310');
  });

  it('without a key shows no code and asks for none', async () => {
    answer = () => refused('UNAUTHENTICATED');
    const { result } = renderHook(() => useMonitorCheckinCode());
    await settle();
    expect(result.current).toBeNull();
    expect(codeCalls()).toEqual([]);
  });

  it('with a key the renewal voided: no code, the key forgotten, no more asking', async () => {
    localStorage.setItem(MONITOR_KEY_STORAGE, KEY);
    answer = (name) => (name === 'getArrivalSetup' ? refused('UNAUTHENTICATED') : refused('PERMISSION_DENIED'));
    const { result } = renderHook(() => useMonitorCheckinCode());
    await settle();
    expect(result.current).toBeNull();
    expect(localStorage.getItem(MONITOR_KEY_STORAGE)).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(10 * 60_000)));
    expect(codeCalls()).toHaveLength(1);
  });

  it('out of reach: keeps a code still in its window, drops one past it, and tries again', async () => {
    localStorage.setItem(MONITOR_KEY_STORAGE, KEY);
    let offline = false;
    answer = (name) => (offline ? 'offline' : name === 'getArrivalSetup' ? refused('UNAUTHENTICATED') : codeUntil('7777', 1));
    const { result } = renderHook(() => useMonitorCheckinCode());
    await settle();
    expect(result.current?.code).toBe('7777');
    offline = true;
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000 + 600)));
    expect(codeCalls()).toHaveLength(2);
    expect(result.current).toBeNull();
    offline = false;
    await act(async () => void (await vi.advanceTimersByTimeAsync(RETRY_MS)));
    expect(codeCalls()).toHaveLength(3);
    expect(result.current?.code).toBe('7777');
  });

  it('never asks in a tight loop, whatever the clocks say', () => {
    expect(nextDelay(new Date(NOW - 60_000).toISOString(), NOW)).toBe(2000);
    expect(nextDelay(new Date(NOW + 60_000).toISOString(), NOW)).toBe(60_500);
    expect(nextDelay('not a time', NOW)).toBe(RETRY_MS);
  });
});

describe('the monitor’s bottom line', () => {
  const row = (n: number, absent = false) => ({ reservationNumber: n, ahead: 0, hold: false, absent, queueId: 'main' });

  it('lists the absent numbers in number order, and the code in its corner', () => {
    render(<MonitorFooter queue={[row(3), row(12, true), row(4, true), row(5, false)]} code={{ code: '0427', until: '' }} />);
    expect(screen.getByRole('heading', { name: '不在の方は受付へお声がけください' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['4番', '12番']);
    expect(screen.getByText('0427').closest('p')!.textContent).toBe('来院確認コード 0427');
  });

  it('shows the code alone when nobody is absent, and nothing with neither', () => {
    const { container, rerender } = render(<MonitorFooter queue={[row(1)]} code={{ code: '1234', until: '' }} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.textContent).toBe('来院確認コード 1234');
    rerender(<MonitorFooter queue={[row(1)]} code={null} />);
    expect(container.innerHTML).toBe('');
  });
});
