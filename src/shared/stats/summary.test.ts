import { describe, expect, it } from 'vitest';
import type { StatsFigures } from '../schemas/stats.js';
import { summaryRows } from './summary.js';

function figures(over: Partial<StatsFigures>): StatsFigures {
  return {
    from: '2026-11-27', to: '2026-11-27', taken: { LINE: 4, PWA: 3, ADMIN: 5 }, canceledByPatient: 1, canceledByStaff: 0,
    holds: 1, noShows: 1, started: 9, absences: 0, checkIns: { patient: 0, staff: 0 },
    wait: { count: 9, medianSeconds: 600, p90Seconds: 1200 }, quarterHours: { arrivals: [], starts: [] }, weekdays: [], hours: [],
    notices: { LINE: { sent: 0, failed: 0 }, PWA: { sent: 0, failed: 0 }, SMS: { sent: 0, failed: 0 } },
    tickets: { printed: 0, opened: 0 }, ...over,
  };
}

describe('the summary rows (screen and CSV)', () => {
  it('carry the absences and the check-ins by who recorded them (issue 34), beside the other counts', () => {
    const rows = summaryRows(figures({ absences: 5, checkIns: { patient: 7, staff: 2 } }), figures({ absences: 1, checkIns: { patient: 3, staff: 4 } }));
    const labels = rows.map(([label]) => label);
    expect(rows.find(([label]) => label === '不在（呼出時にいなかった回数）')).toEqual(['不在（呼出時にいなかった回数）', 5, 1]);
    expect(rows.find(([label]) => label === '来院確認（本人）')).toEqual(['来院確認（本人）', 7, 3]);
    expect(rows.find(([label]) => label === '来院確認（スタッフ）')).toEqual(['来院確認（スタッフ）', 2, 4]);
    // With the other counts, right after the consultations started.
    expect(labels.indexOf('不在（呼出時にいなかった回数）')).toBe(labels.indexOf('診察開始') + 1);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('carry the SMS sent, the tickets printed and the ticket pages opened (decision 073), after the notices', () => {
    const rows = summaryRows(
      figures({ notices: { LINE: { sent: 0, failed: 0 }, PWA: { sent: 0, failed: 0 }, SMS: { sent: 6, failed: 1 } }, tickets: { printed: 8, opened: 5 } }),
      figures({ tickets: { printed: 2, opened: 1 } }),
    );
    expect(rows.find(([label]) => label === '通知の送信（SMS）')).toEqual(['通知の送信（SMS）', 6, 0]);
    expect(rows.slice(-2)).toEqual([
      ['受付票の発行（再印刷・キオスクを含む）', 8, 2],
      ['受付票ページを開いた数', 5, 1],
    ]);
  });
});
