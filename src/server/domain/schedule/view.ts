/**
 * The calendar as people read it. The public week is asked for by every patient screen, so each process
 * keeps the last answer and rebuilds it only when the calendar's version or the Tokyo day changes, or when
 * the opening it announces has passed.
 */
import { tokyoDay } from '../../../shared/time/tokyo.js';
import { daysFrom, type HolidayLookup, monthSchedule, nextOpening } from '../../../shared/schedule/rules.js';
import { tokyoInstant } from '../../../shared/schedule/calendar.js';
import type { PublicSchedule, ScheduleForStaff } from '../../../shared/schedule/types.js';
import type { Store } from '../../storage/port.js';
import { readSchedule } from './document.js';
import { englishHolidayName, japaneseHoliday } from './holidays.js';

interface Cached {
  value: PublicSchedule;
  /** The answer holds until this instant (the next opening, or the end of the Tokyo day). */
  validUntil: number;
}

const publicCache = new WeakMap<Store, Cached>();

export async function getPublicSchedule(store: Store, now: Date, holidays: HolidayLookup = japaneseHoliday): Promise<PublicSchedule> {
  const { schedule, version } = await readSchedule(store.db, store);
  const at = now.getTime();
  const today = tokyoDay(now);
  const cached = publicCache.get(store);
  if (cached && cached.value.version === version && cached.value.today === today && at < cached.validUntil) return cached.value;
  const opening = nextOpening(schedule, at, holidays);
  const { openAfterStartMinutes, closeBeforeEndMinutes } = schedule.settings;
  const value: PublicSchedule = {
    today,
    days: daysFrom(schedule, today, 7, holidays).map((day) => ({ ...day, holidayNameEn: day.holidayName ? englishHolidayName(day.date) : null })),
    nextOpening: opening,
    offsets: { openAfterStartMinutes, closeBeforeEndMinutes },
    version,
  };
  const validUntil = opening ? tokyoInstant(opening.date, opening.start) : Infinity;
  publicCache.set(store, { value, validUntil });
  return value;
}

export async function getScheduleForStaff(store: Store, month: string, holidays: HolidayLookup = japaneseHoliday): Promise<ScheduleForStaff> {
  const { schedule, version } = await readSchedule(store.db, store);
  return { schedule, days: monthSchedule(schedule, month, holidays), version };
}
