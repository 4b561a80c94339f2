/**
 * The clinic's statistics for a day, week or month (getStats), as the server answers them. No zod here: the
 * statistics page imports these, and its chunk must not carry the schema library (functions.ts has getStats'
 * payload schema).
 */

export const STATS_PERIODS = ['day', 'week', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export const STATS_CHANNELS = ['LINE', 'PWA', 'ADMIN'] as const;
export const NOTICE_CHANNELS = ['LINE', 'PWA', 'SMS'] as const;

export interface StatsFigures {
  /** The Tokyo days covered, both inclusive (yyyy-mm-dd). */
  from: string;
  to: string;
  /** Numbers taken, by channel (ADMIN: walk-ins issued at the desk). */
  taken: Record<(typeof STATS_CHANNELS)[number], number>;
  canceledByPatient: number;
  canceledByStaff: number;
  /** Held when called and still held (the patient was not there). */
  holds: number;
  /** Held and never started, unless the patient cancelled: called, absent, never came. */
  noShows: number;
  started: number;
  /** Absent when called (issue 34): absences recorded on the period's numbers (a number called and missing twice counts 2). */
  absences: number;
  /** Numbers checked in as arrived (来院確認), by who recorded it. */
  checkIns: { patient: number; staff: number };
  /** Reservation to start, over the numbers started; null with none. */
  wait: { count: number; medianSeconds: number | null; p90Seconds: number | null };
  /** 96 quarter-hours of the Tokyo day: 0 is 00:00–00:15. Numbers taken and consultations started. */
  quarterHours: { arrivals: number[]; starts: number[] };
  /** Numbers taken per Tokyo weekday (0 Sunday … 6 Saturday) and per hour (0–23). */
  weekdays: number[];
  hours: number[];
  notices: Record<(typeof NOTICE_CHANNELS)[number], { sent: number; failed: number }>;
  /**
   * Printed tickets (decision 073): tickets issued by the desk or a kiosk, reprints included, and ticket
   * pages opened (each ticket's first open), counted on the day they happened.
   */
  tickets: { printed: number; opened: number };
  /**
   * How the wait ranges patients were shown held up (issue 36, decision 054), over the readings taken in the
   * period. Optional: an answer from before issue 36 has none.
   */
  estimate?: EstimateAccuracy;
}

/**
 * The readings (what a waiting patient's card showed, every 5 minutes) of a period against when their turn
 * then came: the actual wait is the start (reception_accepted_at) minus the reading's time, in minutes.
 */
export interface EstimateAccuracy {
  /** Readings whose patient's consultation started: the shares and the median are over these. */
  measured: number;
  /** Of those, the turn came inside the range shown (low ≤ actual ≤ high)… */
  inside: number;
  /** …and before its low end (actual < low): a patient who came at the low end had missed their turn. */
  early: number;
  /** inside / measured and early / measured in percent, to one decimal; null with none measured. */
  insidePercent: number | null;
  earlyPercent: number | null;
  /** The median of |actual − expected wait| in minutes, to one decimal; null with none measured. */
  medianErrorMinutes: number | null;
  /** Readings whose patient never started: cancelled, deleted, or not seen before the session closed. */
  notStarted: number;
  /** Readings whose patient still waits in the open session: no outcome yet. */
  pending: number;
}

export interface StatsResult {
  period: StatsPeriod;
  /** The queue asked for (decision 065); absent: the whole clinic, every queue together. */
  queueId?: string;
  current: StatsFigures;
  /** The period just before: the day before, the week before, the month before. */
  previous: StatsFigures;
}
