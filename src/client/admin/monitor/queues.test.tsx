// @vitest-environment happy-dom
/**
 * The wall monitor of a clinic with several queues (decision 061), against a stubbed network (the public
 * stream played by the test); our own modules are real. The browser's ResizeObserver is played too: it
 * reports a 1920×1080 monitor's space at once, as Chromium does on the first layout.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueLive, QueueSnapshot } from '../../../shared/schemas/live.js';
import { type ScriptedStream, stubFunctions, stubStreams, threeQueues } from '../test-support.js';
import { MonitorScreen } from './MonitorScreen.js';

let streams: ScriptedStream[];

const AT = '2026-01-05T01:00:00.000Z';
const row = (reservationNumber: number, ahead: number, queueId?: string): QueueSnapshot['queue'][number] => ({ reservationNumber, ahead, hold: false, absent: false, queueId: queueId ?? 'main' });

const snapshot = (queues: QueueLive[] | undefined, callouts: QueueSnapshot['callouts'] = []): QueueSnapshot => ({
  runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 6 },
  queue: [row(3, 0), row(4, 1), row(512, 0, 'vaccine'), row(513, 1, 'vaccine'), row(514, 2, 'vaccine'), row(1001, 0, 'fever')],
  ...(queues ? { queues } : {}),
  version: 1,
  scheduleVersion: 1,
  estimate: null,
  nowCalling: 2,
  announcement: null,
  callouts,
  calloutSettings: { on: true, volume: 80, text: '受付番号 {n}番の方、診察室へお入りください' },
});

const queues = () =>
  threeQueues([2, 3, 1]).map((q) => ({ ...q, nowCalling: q.id === 'main' ? 2 : q.id === 'vaccine' ? 511 : null }));

beforeEach(() => {
  localStorage.clear();
  streams = stubStreams();
  stubFunctions(() => ({ error: { status: 'NOT_FOUND', message: 'none' } }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: (entries: { contentRect: { width: number; height: number } }[]) => void) {}
      observe() {
        this.report([{ contentRect: { width: 600, height: 700 } }]);
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function open(path: string, data: QueueSnapshot) {
  window.history.replaceState(null, '', path);
  render(<MonitorScreen />);
  act(() => streams[0].push(data));
}
const column = (name: string) => screen.getByRole('region', { name });
const cells = (region: HTMLElement) => [...region.querySelectorAll('.monitor-cell')].map((c) => (c as HTMLElement).textContent);

describe('the wall monitor with three queues', () => {
  it('shows every queue side by side with its own now calling, waiting count and numbers', () => {
    open('/admin/monitor', snapshot(queues()));
    const regions = screen.getAllByRole('region');
    expect(regions.map((r) => r.getAttribute('aria-labelledby'))).toEqual(['monitor-queue-main', 'monitor-queue-vaccine', 'monitor-queue-fever']);
    const vaccine = column('予防接種');
    expect(within(vaccine).getByText('診察中 511番')).toBeTruthy();
    expect(vaccine.querySelector('.monitor-queue-waiting')!.textContent).toBe('お待ち 3人');
    expect(cells(vaccine)).toEqual(['512番0人', '513番1人', '514番2人']);
    expect(cells(column('一般'))).toEqual(['3番0人', '4番1人']);
    expect(cells(column('発熱外来'))).toEqual(['1001番0人']);
    expect(within(column('発熱外来')).queryByText(/診察中/)).toBeNull();
    // No pace yet: said once, not after 「今からの目安」.
    expect(within(vaccine).getByText('待ち時間の目安は診察が進むとお出しします')).toBeTruthy();
    // The one-queue header's clinic-wide count and line give way to the columns.
    expect(screen.queryByText(/ただいま .*お待ちです/)).toBeNull();
    expect(screen.queryByText(/を診察中/)).toBeNull();
  });

  it('shows only the queues its address names, in the clinic’s order', () => {
    open('/admin/monitor?queues=fever,vaccine', snapshot(queues()));
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('data-queue-id'))).toEqual(['vaccine', 'fever']);
    expect(screen.queryByRole('region', { name: '一般' })).toBeNull();
  });

  it('names the queue of a call-out, and leaves another area’s call-out to its own monitor', () => {
    open('/admin/monitor?queues=main', snapshot(queues()));
    act(() => streams[0].push(snapshot(queues(), [{ id: 1, number: 512, kind: 'start', at: AT }])));
    expect(screen.queryByRole('region', { name: '呼出中' })).toBeNull();
    act(() => streams[0].push(snapshot(queues(), [{ id: 1, number: 512, kind: 'start', at: AT }, { id: 2, number: 4, kind: 'start', at: AT }])));
    const panel = screen.getByRole('region', { name: '呼出中' });
    expect(within(panel).getByText('一般')).toBeTruthy();
    expect(within(panel).getByText('4番')).toBeTruthy();
  });

  it('falls back to every queue when its address names none the clinic has', () => {
    open('/admin/monitor?queues=doctor-z', snapshot(queues()));
    expect(screen.getAllByRole('region')).toHaveLength(3);
  });
});

describe('the wall monitor of a one-queue clinic', () => {
  it('is today’s screen: one count, one grid, no columns', () => {
    open('/admin/monitor', { ...snapshot(undefined), queue: [row(3, 0), row(4, 1)], runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: 2 } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ただいま 2人 お待ちです');
    expect(screen.getByText('ただいま 2番の方を診察中')).toBeTruthy();
    expect(screen.queryAllByRole('region')).toEqual([]);
    expect(cells(document.body)).toEqual(['3番0人', '4番1人']);
  });
});
