/**
 * The clinic calendar as patients see it (getPublicSchedule: today, the six days after, the next opening).
 * Asked once on load, then again only when something it depends on moves: the live snapshot's
 * `scheduleVersion` (staff changed the calendar), online reception switching, the next opening's time
 * passing (it is then another window, even when reception did not open) and the Tokyo day.
 */
import { useEffect, useRef, useState } from 'react';
import type { NextOpening, PublicSchedule } from '../../shared/schedule/types.js';
import { tokyoDay } from '../../shared/time/tokyo.js';
import { callFn } from '../api/fn.js';

/** Failed: the screens fall back to the fixed hours text rather than show nothing. */
export type ScheduleState = { kind: 'loading' } | { kind: 'ready'; schedule: PublicSchedule } | { kind: 'failed' };

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today in Tokyo, re-rendering at Tokyo midnight and when a sleeping phone wakes (its timers froze). */
export function useTokyoDay(): string {
  const [day, setDay] = useState(() => tokyoDay(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      setDay(tokyoDay(Date.now()));
      clearTimeout(timer);
      // A second past midnight, so the new day is surely the server's too.
      timer = setTimeout(check, DAY_MS - ((Date.now() + TOKYO_OFFSET_MS) % DAY_MS) + 1000);
    };
    check();
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return day;
}

export interface ScheduleTriggers {
  /** The live snapshot's scheduleVersion, once a snapshot has come. */
  version?: number;
  /** The live snapshot's runtime.onlineOn, once a snapshot has come. */
  onlineOn?: boolean;
}

/** The Tokyo wall-clock time of the next opening as an instant. */
function openingInstant({ date, start }: NextOpening): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = start.split(':').map(Number);
  return Date.UTC(y!, m! - 1, d!, hh!, mm!) - TOKYO_OFFSET_MS;
}

/** Counts the times the next opening came to pass (checked again when a sleeping phone wakes). */
function usePassedOpenings(next: NextOpening | null | undefined): number {
  const [passed, setPassed] = useState(0);
  const key = next ? `${next.date} ${next.start}` : '';
  useEffect(() => {
    if (!key) return;
    const [date, start] = key.split(' ') as [string, string];
    const at = openingInstant({ date, start });
    const check = () => Date.now() >= at && setPassed((n) => n + 1);
    const timer = setTimeout(check, Math.max(0, at - Date.now()) + 1000);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key]);
  return passed;
}

export function usePublicSchedule({ version, onlineOn }: ScheduleTriggers = {}): ScheduleState {
  const day = useTokyoDay();
  const [state, setState] = useState<ScheduleState>({ kind: 'loading' });
  const passed = usePassedOpenings(state.kind === 'ready' ? state.schedule.nextOpening : null);
  const seen = useRef<{ day: string; passed: number; version?: number; onlineOn?: boolean } | null>(null);
  const asked = useRef(0);

  useEffect(() => {
    const before = seen.current;
    seen.current = { day, passed, version: version ?? before?.version, onlineOn: onlineOn ?? before?.onlineOn };
    // The first snapshot only tells what the first fetch already answered; later moves call for a new one.
    const moved = <T>(now: T | undefined, then: T | undefined) => now !== undefined && then !== undefined && now !== then;
    const due =
      !before || before.day !== day || before.passed !== passed || moved(version, before.version) || moved(onlineOn, before.onlineOn);
    if (!due) return;
    const ask = ++asked.current;
    callFn('getPublicSchedule', {}).then(
      (schedule) => ask === asked.current && setState({ kind: 'ready', schedule }),
      // A failed refresh keeps a copy that still describes today; otherwise the fixed text.
      () => ask === asked.current && setState((s) => (s.kind === 'ready' && s.schedule.today === day ? s : { kind: 'failed' })),
    );
  }, [day, passed, version, onlineOn]);

  return state;
}
