// @vitest-environment happy-dom
/**
 * When the patient screens ask for the calendar again. The network is stubbed (fetch), nothing of ours:
 * the hook goes through the real callFn and envelope.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSchedule } from '../../shared/schedule/types.js';
import { week } from '../../../test/support/schedule-fixtures.js';
import { type ScheduleState, type ScheduleTriggers, usePublicSchedule } from './public-schedule.js';

let answers: (() => Response)[];
let calls: string[];
let state: ScheduleState;

const ok = (schedule: PublicSchedule) => () => new Response(JSON.stringify({ result: schedule }), { status: 200 });
const down = () => new Response('', { status: 502 });

function Probe(props: ScheduleTriggers) {
  state = usePublicSchedule(props);
  return null;
}

const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

beforeEach(() => {
  vi.useFakeTimers();
  // Tuesday 2026-11-24 12:00 in Tokyo.
  vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return (answers.shift() ?? down)();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the calendar on the patient screens', () => {
  it('is asked once on load, not again for the first snapshot, and again when the calendar version moves', async () => {
    answers.push(ok(week()), ok(week({ version: 4 })));
    const { rerender } = render(<Probe />);
    await settle();
    expect(calls).toEqual(['/api/fn/getPublicSchedule']);
    expect(state).toEqual({ kind: 'ready', schedule: week() });
    rerender(<Probe version={3} onlineOn={false} />);
    await settle();
    expect(calls).toHaveLength(1);
    rerender(<Probe version={4} onlineOn={false} />);
    await settle();
    expect(calls).toHaveLength(2);
    expect(state.kind === 'ready' && state.schedule.version).toBe(4);
  });

  it('is asked again when online reception switches, for the next opening has moved', async () => {
    answers.push(ok(week()), ok(week({ nextOpening: { date: '2026-11-25', start: '09:30' } })));
    const { rerender } = render(<Probe version={3} onlineOn={true} />);
    await settle();
    rerender(<Probe version={3} onlineOn={false} />);
    await settle();
    expect(calls).toHaveLength(2);
    expect(state.kind === 'ready' && state.schedule.nextOpening).toEqual({ date: '2026-11-25', start: '09:30' });
  });

  it('is asked again once the next opening has passed, even if online reception did not open then', async () => {
    answers.push(ok(week()), ok(week({ nextOpening: { date: '2026-11-25', start: '09:30' } })));
    render(<Probe version={3} onlineOn={false} />);
    await settle();
    // 16:59 Tokyo: the opening at 17:00 is still ahead.
    await act(async () => void (await vi.advanceTimersByTimeAsync((4 * 3600 + 59 * 60) * 1000)));
    expect(calls).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(61_000)));
    expect(calls).toHaveLength(2);
    expect(state.kind === 'ready' && state.schedule.nextOpening).toEqual({ date: '2026-11-25', start: '09:30' });
  });

  it("is asked again after Tokyo midnight, and a failure then does not keep yesterday's hours", async () => {
    answers.push(ok(week({ nextOpening: { date: '2026-11-25', start: '09:30' } })));
    render(<Probe version={3} onlineOn={false} />);
    await settle();
    // 23:59:58 Tokyo: still the same day.
    await act(async () => void (await vi.advanceTimersByTimeAsync((11 * 3600 + 59 * 60 + 58) * 1000)));
    expect(calls).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(4000)));
    expect(calls).toHaveLength(2);
    expect(state).toEqual({ kind: 'failed' });
  });

  it("keeps today's copy when a refresh on the same day fails, and says failed when the first ask does", async () => {
    answers.push(ok(week()));
    const { rerender } = render(<Probe version={3} />);
    await settle();
    rerender(<Probe version={5} />);
    await settle();
    expect(calls).toHaveLength(2);
    expect(state).toEqual({ kind: 'ready', schedule: week() });
    cleanup();
    render(<Probe />);
    expect(state).toEqual({ kind: 'loading' });
    await settle();
    expect(state).toEqual({ kind: 'failed' });
  });
});
