/** The public week names a holiday in Japanese and in English (the dataset's own names), for either screen. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getPublicSchedule } from '../../src/server/domain/schedule/view.js';
import { openTestStore, type TestStore } from '../support/stores.js';

let ts: TestStore;
beforeAll(async () => {
  ts = await openTestStore('sqlite');
});
afterAll(async () => ts?.cleanup());

it('carries the English name beside the Japanese one on holidays only', async () => {
  const week = await getPublicSchedule(ts.store, new Date(Date.parse('2026-11-23T10:00:00+09:00')));
  expect(week.days[0]).toMatchObject({ date: '2026-11-23', holidayName: '勤労感謝の日', holidayNameEn: 'Labor Thanksgiving Day', closedReason: 'holiday' });
  expect(week.days[1]).toMatchObject({ date: '2026-11-24', holidayName: null, holidayNameEn: null });
});
