/**
 * The clinic calendar (issue 13): the shapes shared by the server that runs reception from it, the staff
 * screen that edits it and the patient screens that show it. Times of day are Tokyo wall-clock 'HH:MM',
 * dates Tokyo 'YYYY-MM-DD' (src/shared/time/tokyo.ts): never the server's or the phone's zone.
 */
import { z } from 'zod';

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** One consultation period (診療時間), e.g. 09:00–11:30. */
export const periodSchema = z.strictObject({ start: hhmm, end: hhmm });
export type Period = z.infer<typeof periodSchema>;

/** Index 0 = Sunday … 6 = Saturday (Date#getDay), each with zero or more periods, in order, not overlapping. */
export const weeklyHoursSchema = z.array(z.array(periodSchema).max(4)).length(7);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** A date that differs from the week: closed (休診), or other hours (午前のみ, special hours), with a note. */
export const overrideSchema = z.strictObject({
  date: isoDate,
  /** Empty = closed that day. */
  periods: z.array(periodSchema).max(4),
  note: z.string().max(200).nullable(),
});
export type ScheduleOverride = z.infer<typeof overrideSchema>;

export const scheduleSettingsSchema = z.strictObject({
  /** Online reception opens this many minutes after a period starts (default: 30). */
  openAfterStartMinutes: z.number().int().min(0).max(180),
  /** … and closes this many minutes before it ends (default: 30). */
  closeBeforeEndMinutes: z.number().int().min(0).max(180),
  /** Numbers made when in-house reception starts (1–999, default 200). */
  numbersPerSession: z.number().int().min(1).max(999),
  /** Off by default: in-house reception also starts at a period's start and ends at its end when nobody waits. */
  autoInhouse: z.boolean(),
  /**
   * Off by default: end online reception early when a newcomer's expected start (the time patients are shown)
   * would fall after the consultation period's end minus `lateMarginMinutes` (decision 050).
   */
  closeOnlineWhenLate: z.boolean(),
  /** 0–120 minutes before the period's end (default 0: the end itself). */
  lateMarginMinutes: z.number().int().min(0).max(120),
});
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;

/** Everything staff edit on /admin/schedule. Holidays are closed unless their date is in holidayOpenings. */
export interface ClinicSchedule {
  weekly: WeeklyHours;
  overrides: ScheduleOverride[];
  /** Public holidays on which the clinic opens with that weekday's regular hours. */
  holidayOpenings: string[];
  settings: ScheduleSettings;
}

const MORNING: Period = { start: '09:00', end: '11:30' };
const EVENING: Period = { start: '16:30', end: '19:00' };

/** The default clinic (docs/product.md, "Closed card"): online 9:30–11:00 and 17:00–18:30, closed on Sundays and public holidays. */
export const DEFAULT_SCHEDULE: ClinicSchedule = {
  weekly: [[], [MORNING, EVENING], [MORNING, EVENING], [MORNING, EVENING], [MORNING, EVENING], [MORNING, EVENING], [MORNING, EVENING]],
  overrides: [],
  holidayOpenings: [],
  settings: {
    openAfterStartMinutes: 30,
    closeBeforeEndMinutes: 30,
    numbersPerSession: 200,
    autoInhouse: false,
    closeOnlineWhenLate: false,
    lateMarginMinutes: 0,
  },
};

/** Why a day has no hours (null when it has some). */
export type ClosedReason = 'weekly' | 'holiday' | 'override';

/** One Tokyo day as patients and staff see it, the calendar already applied. */
export interface DaySchedule {
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** The public holiday's name (e.g. 勤労感謝の日), or null. */
  holidayName: string | null;
  /** Its English name (Labor Thanksgiving Day) for the English screens; in the public week only. */
  holidayNameEn?: string | null;
  /** Consultation periods that day (empty: closed). */
  periods: Period[];
  /** Online reception windows derived from the periods (a period too short for one gives none). */
  online: Period[];
  closedReason: ClosedReason | null;
  /** The override's note for patients, e.g. 「11/28は午前のみの診療です」. */
  note: string | null;
}

/** The next online window's opening, Tokyo date and time. */
export interface NextOpening {
  date: string;
  start: string;
}

/**
 * What anyone may read (public function getPublicSchedule): today and the six days after it, and the next
 * opening from now. Live snapshots carry only `scheduleVersion`; clients fetch this again when it moves
 * or when the Tokyo day changes.
 */
export interface PublicSchedule {
  today: string;
  days: DaySchedule[];
  nextOpening: NextOpening | null;
  /** The clinic's offsets, for the sentences that name them (「診察開始30分後から」). */
  offsets: { openAfterStartMinutes: number; closeBeforeEndMinutes: number };
  version: number;
}

/**
 * The functions of the calendar (POST /api/fn/<name>), agreed between the server and the screens:
 * - getPublicSchedule      anyone, no payload            → PublicSchedule
 * - getSchedule            staff, { month: 'YYYY-MM' }   → ScheduleForStaff
 * - saveWeeklyHours        staff, { weekly }             → { ok: true }
 * - saveScheduleSettings   staff, { settings }           → { ok: true }
 * - saveScheduleOverride   staff, ScheduleOverride       → { ok: true }   (replaces that date's override)
 * - deleteScheduleOverride staff, { date }               → { ok: true }
 * - setHolidayOpening      staff, { date, open }         → { ok: true }   (date must be a public holiday)
 * Live snapshots (queue and admin) gain `scheduleVersion: number`; the admin snapshot gains
 * `scheduleNotice: ScheduleNotice | null`.
 */
export interface ScheduleForStaff {
  schedule: ClinicSchedule;
  /** Every day of the requested month, the calendar applied. */
  days: DaySchedule[];
  version: number;
}

/** Set when an online window began while in-house reception was off (so online did not start). */
export interface ScheduleNotice {
  kind: 'inhouseOffAtWindowStart';
  /** The window's start, ISO-8601 UTC. Cleared when in-house starts or the window ends. */
  windowStart: string;
}
