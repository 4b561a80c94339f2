/** The calendar's seven functions over HTTP: who may call them, what they answer, refusals that save nothing. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublicSchedule, ScheduleForStaff, WeeklyHours } from '../../src/shared/schedule/types.js';
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { type ManualClock, manualClock } from '../support/clock.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { readAudit } from '../../src/server/domain/audit.js';

// Each test gets its own server, calendar and clock: saved hours or a moved clock must not reach another test.
let server: TestServer;
let cookie: string;
let clock: ManualClock;
const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });

beforeEach(async () => {
  // Tuesday 2026-11-24 12:00 in Tokyo: between the morning and the evening window.
  clock = manualClock('2026-11-24T03:00:00Z');
  server = await startTestServer({ clock });
  cookie = await staffCookie(server.url, server.store);
});
afterEach(async () => server?.close());

describe('the clinic calendar functions', () => {
  it('anyone reads the week ahead with the next opening; the default: online 9:30–11:00 and 17:00–18:30', async () => {
    const week = await mustCall<PublicSchedule>(server.url, 'getPublicSchedule');
    expect(week.today).toBe('2026-11-24');
    expect(week.days.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    expect(week.days[0].online).toEqual([{ start: '09:30', end: '11:00' }, { start: '17:00', end: '18:30' }]);
    expect(week.days[5]).toMatchObject({ date: '2026-11-29', weekday: 0, periods: [], closedReason: 'weekly' });
    expect(week.nextOpening).toEqual({ date: '2026-11-24', start: '17:00' });
    expect(week.offsets).toEqual({ openAfterStartMinutes: 30, closeBeforeEndMinutes: 30 });
    expect(week.version).toBe(0);
  });

  it('the staff functions refuse a patient and a stranger', async () => {
    const patient = await pwaPatient(server.url);
    for (const [name, data] of [
      ['getSchedule', { month: '2026-11' }],
      ['saveWeeklyHours', { weekly: DEFAULT_SCHEDULE.weekly }],
      ['saveScheduleSettings', { settings: DEFAULT_SCHEDULE.settings }],
      ['saveScheduleOverride', { date: '2026-11-28', periods: [], note: null }],
      ['deleteScheduleOverride', { date: '2026-11-28' }],
      ['setHolidayOpening', { date: '2026-11-23', open: true }],
    ] as const) {
      expect((await callFn(server.url, name, data)).status).toBe(401);
      expect((await callFn(server.url, name, data, { token: patient.token })).status).toBe(403);
    }
  });

  it('staff read a month with the holidays applied: 勤労感謝の日 closed', async () => {
    const month = await staff<ScheduleForStaff>('getSchedule', { month: '2026-11' });
    expect(month.days).toHaveLength(30);
    expect(month.days[22]).toMatchObject({ date: '2026-11-23', holidayName: '勤労感謝の日', periods: [], closedReason: 'holiday' });
    expect(month.schedule).toEqual(DEFAULT_SCHEDULE);
  });

  it('saves weekly hours, an override with a note, a holiday opening and settings, each audited and versioned', async () => {
    const weekly: WeeklyHours = DEFAULT_SCHEDULE.weekly.map((day, i) => (i === 4 ? [day[0]] : day));
    await staff('saveWeeklyHours', { weekly });
    await staff('saveScheduleOverride', { date: '2026-11-28', periods: [{ start: '09:00', end: '12:00' }], note: '11/28は午前のみの診療です' });
    await staff('setHolidayOpening', { date: '2026-11-23', open: true });
    await staff('saveScheduleSettings', { settings: { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 50 } });
    const month = await staff<ScheduleForStaff>('getSchedule', { month: '2026-11' });
    expect(month.version).toBe(4);
    expect(month.days[22]).toMatchObject({ holidayName: '勤労感謝の日', closedReason: null, online: [{ start: '09:30', end: '11:00' }, { start: '17:00', end: '18:30' }] });
    expect(month.days[25].online).toEqual([{ start: '09:30', end: '11:00' }]); // Thursday afternoon closed
    expect(month.days[27]).toMatchObject({ note: '11/28は午前のみの診療です', online: [{ start: '09:30', end: '11:30' }] });
    const week = await mustCall<PublicSchedule>(server.url, 'getPublicSchedule');
    expect(week.version).toBe(4);
    expect(week.days[4].note).toBe('11/28は午前のみの診療です');
    const audit = await readAudit(server.store, 10);
    expect(audit.slice(0, 4).map((e) => e.action)).toEqual(['saveScheduleSettings', 'setHolidayOpening', 'saveScheduleOverride', 'saveWeeklyHours']);
    expect(audit[1]).toMatchObject({ target: '2026-11-23', before: { open: false }, after: { open: true } });
    await staff('deleteScheduleOverride', { date: '2026-11-28' });
    expect((await staff<ScheduleForStaff>('getSchedule', { month: '2026-11' })).days[27].note).toBeNull();
  });

  it('refuses overlapping periods, an end before the start, an empty window and a non-holiday, saving nothing', async () => {
    const before = await staff<ScheduleForStaff>('getSchedule', { month: '2026-11' });
    const monday = (periods: { start: string; end: string }[]): WeeklyHours => before.schedule.weekly.map((d, i) => (i === 1 ? periods : d));
    const cases: [string, unknown, string][] = [
      ['saveWeeklyHours', { weekly: monday([{ start: '09:00', end: '11:30' }, { start: '11:00', end: '13:00' }]) }, '月曜日：09:00〜11:30 と 11:00〜13:00 が重なっています'],
      ['saveWeeklyHours', { weekly: monday([{ start: '12:00', end: '09:00' }]) }, '月曜日：12:00〜09:00 は終了時刻が開始時刻より前です'],
      ['saveWeeklyHours', { weekly: monday([{ start: '09:00', end: '09:50' }]) }, '月曜日：09:00〜09:50 では、オンライン受付の時間がありません'],
      ['saveScheduleOverride', { date: '2026-12-01', periods: [{ start: '10:00', end: '10:40' }], note: null }, '12/1(火)：10:00〜10:40 では'],
      ['saveScheduleSettings', { settings: { ...before.schedule.settings, openAfterStartMinutes: 90, closeBeforeEndMinutes: 90 } }, '月曜日：09:00〜11:30 では、オンライン受付の時間がありません（診療開始90分後から終了90分前まで）'],
      ['setHolidayOpening', { date: '2026-11-24', open: true }, '2026-11-24は祝日ではありません'],
    ];
    for (const [name, data, message] of cases) {
      const answer = await callFn(server.url, name, data, { cookie });
      expect(answer.status, name).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    expect(await staff<ScheduleForStaff>('getSchedule', { month: '2026-11' })).toEqual(before);
  });

  it('the public week follows the clock: past an opening it names the next, past midnight it starts a day later', async () => {
    // Asked at 12:00 first, so what follows must not be the answer kept from then.
    expect((await mustCall<PublicSchedule>(server.url, 'getPublicSchedule')).nextOpening).toEqual({ date: '2026-11-24', start: '17:00' });
    await clock.advanceTo('2026-11-24T08:00:01Z'); // Tuesday 17:00:01 in Tokyo
    expect((await mustCall<PublicSchedule>(server.url, 'getPublicSchedule')).nextOpening).toEqual({ date: '2026-11-25', start: '09:30' });
    await clock.advanceTo('2026-11-24T15:00:00Z'); // Wednesday 00:00 in Tokyo
    const week = await mustCall<PublicSchedule>(server.url, 'getPublicSchedule');
    expect(week.today).toBe('2026-11-25');
    expect(week.days[0].date).toBe('2026-11-25');
  });
});
