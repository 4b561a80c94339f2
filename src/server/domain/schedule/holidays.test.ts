/** The holiday dataset for 2026–2027 against a list checked by hand (内閣府「国民の祝日」). */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/schedule/calendar.js';
import { japaneseHoliday } from './holidays.js';

const HAND_CHECKED: Record<string, string> = {
  '2026-01-01': '元日',
  '2026-01-12': '成人の日',
  '2026-02-11': '建国記念の日',
  '2026-02-23': '天皇誕生日',
  '2026-03-20': '春分の日',
  '2026-04-29': '昭和の日',
  '2026-05-03': '憲法記念日',
  '2026-05-04': 'みどりの日',
  '2026-05-05': 'こどもの日',
  '2026-05-06': 'こどもの日 振替休日', // 5/3 fell on a Sunday
  '2026-07-20': '海の日',
  '2026-08-11': '山の日',
  '2026-09-21': '敬老の日',
  '2026-09-22': '休日', // 国民の休日: between 敬老の日 and 秋分の日
  '2026-09-23': '秋分の日',
  '2026-10-12': 'スポーツの日',
  '2026-11-03': '文化の日',
  '2026-11-23': '勤労感謝の日',
  '2027-01-01': '元日',
  '2027-01-11': '成人の日',
  '2027-02-11': '建国記念の日',
  '2027-02-23': '天皇誕生日',
  '2027-03-21': '春分の日',
  '2027-03-22': '春分の日 振替休日',
  '2027-04-29': '昭和の日',
  '2027-05-03': '憲法記念日',
  '2027-05-04': 'みどりの日',
  '2027-05-05': 'こどもの日',
  '2027-07-19': '海の日',
  '2027-08-11': '山の日',
  '2027-09-20': '敬老の日',
  '2027-09-23': '秋分の日',
  '2027-10-11': 'スポーツの日',
  '2027-11-03': '文化の日',
  '2027-11-23': '勤労感謝の日',
};

describe('Japanese public holidays', () => {
  it('every date of 2026 and 2027 is a holiday exactly when the hand-checked list says, with its name', () => {
    const found: Record<string, string> = {};
    for (let date = '2026-01-01'; date < '2028-01-01'; date = addDays(date, 1)) {
      const name = japaneseHoliday(date);
      if (name !== null) found[date] = name;
    }
    expect(found).toEqual(HAND_CHECKED);
  });

  it('includes the substitute holiday, the day between two holidays and 勤労感謝の日', () => {
    expect(japaneseHoliday('2026-05-06')).toContain('振替休日');
    expect(japaneseHoliday('2026-09-22')).toBe('休日');
    expect(japaneseHoliday('2026-11-23')).toBe('勤労感謝の日');
    expect(japaneseHoliday('2026-11-24')).toBeNull();
  });
});
