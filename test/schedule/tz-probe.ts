/**
 * Prints what the calendar's rules and the server's public week answer at a few instants, as JSON: run under
 * several TZ values by tz.test.ts, which expects the same answer in every zone.
 */
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';
import { daysFrom, dueEdges, monthSchedule, nextEdge, nextOpening } from '../../src/shared/schedule/rules.js';
import { japaneseHoliday } from '../../src/server/domain/schedule/holidays.js';
import { tokyoDay } from '../../src/shared/time/tokyo.js';

// Late evening UTC is already the next morning in Tokyo, and still the day before in Los Angeles.
const instants = ['2026-11-23T14:59:59Z', '2026-11-23T15:00:00Z', '2026-11-24T00:30:00Z', '2026-11-24T09:45:00Z', '2027-03-20T23:00:00Z'];
const answer = instants.map((iso) => {
  const now = Date.parse(iso);
  const today = tokyoDay(now);
  return {
    iso,
    today,
    week: daysFrom(DEFAULT_SCHEDULE, today, 7, japaneseHoliday),
    nextOpening: nextOpening(DEFAULT_SCHEDULE, now, japaneseHoliday),
    due: dueEdges(DEFAULT_SCHEDULE, now, japaneseHoliday),
    next: nextEdge(DEFAULT_SCHEDULE, now, japaneseHoliday),
  };
});
process.stdout.write(JSON.stringify({ answer, month: monthSchedule(DEFAULT_SCHEDULE, '2026-09', japaneseHoliday) }));
