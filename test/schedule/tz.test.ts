/**
 * The calendar is Tokyo's whatever the server's zone: the same rules run in processes with TZ set to UTC,
 * Asia/Tokyo, America/Los_Angeles (daylight saving, the day behind) and Pacific/Kiritimati (UTC+14, the
 * day ahead), and must give one answer, which also matches hand-checked Tokyo facts.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ZONES = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati'];

function probe(tz: string) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/schedule/tz-probe.ts'], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
  return JSON.parse(out) as {
    answer: { iso: string; today: string; week: { date: string; closedReason: string | null }[]; nextOpening: unknown; due: unknown[] }[];
    month: { date: string; holidayName: string | null; closedReason: string | null }[];
  };
}

describe('the calendar in any server time zone', () => {
  it('answers the same in every zone, and as Tokyo reads it', () => {
    const answers = ZONES.map(probe);
    for (const [i, other] of answers.entries()) expect(other, ZONES[i]).toEqual(answers[0]);
    const [lastMinuteOfMonday, tuesdayMidnight, tuesday930] = answers[0].answer;
    expect(lastMinuteOfMonday.today).toBe('2026-11-23');
    expect(lastMinuteOfMonday.week[0].closedReason).toBe('holiday'); // 勤労感謝の日
    expect(tuesdayMidnight.today).toBe('2026-11-24');
    expect(tuesdayMidnight.nextOpening).toEqual({ date: '2026-11-24', start: '09:30' });
    expect(tuesday930.due).toEqual([{ at: Date.parse('2026-11-24T00:30:00Z'), kind: 'onlineStart' }]);
    // September 2026: 敬老の日, 国民の休日 and 秋分の日 in a row, closed.
    expect(answers[0].month.slice(20, 23).map((d) => [d.date, d.holidayName, d.closedReason])).toEqual([
      ['2026-09-21', '敬老の日', 'holiday'],
      ['2026-09-22', '休日', 'holiday'],
      ['2026-09-23', '秋分の日', 'holiday'],
    ]);
  });
});
