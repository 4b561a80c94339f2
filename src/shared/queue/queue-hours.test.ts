import { describe, expect, it } from 'vitest';
import { nextHoursEdge, queueOpenAt, type QueueHours } from './queue-hours.js';
import { queueHoursSchema } from '../schemas/queues.js';

// 2025-09-22 is a Monday in Tokyo (weekday 1); Tokyo is UTC+9 all year.
const tokyo = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+09:00`);
const MON = '2025-09-22';
const TUE = '2025-09-23';
const SUN = '2025-09-21';

describe('queueOpenAt', () => {
  it('null hours follow the clinic: open at any time', () => {
    expect(queueOpenAt(null, tokyo(SUN, '03:00'))).toBe(true);
  });

  const afternoons: QueueHours = [{ days: [1, 3], from: '14:00', to: '16:00' }];

  it('opens at from, closes at to (to itself is closed)', () => {
    expect(queueOpenAt(afternoons, tokyo(MON, '13:59'))).toBe(false);
    expect(queueOpenAt(afternoons, tokyo(MON, '14:00'))).toBe(true);
    expect(queueOpenAt(afternoons, tokyo(MON, '15:59'))).toBe(true);
    expect(queueOpenAt(afternoons, tokyo(MON, '16:00'))).toBe(false);
  });

  it('only on its days', () => {
    expect(queueOpenAt(afternoons, tokyo(TUE, '15:00'))).toBe(false);
  });

  it('reads Tokyo time whatever the instant is written in: 05:00 UTC Monday is 14:00 in Tokyo', () => {
    expect(queueOpenAt(afternoons, '2025-09-22T05:00:00Z')).toBe(true);
    expect(queueOpenAt(afternoons, '2025-09-22T04:59:59Z')).toBe(false);
  });

  it('the Tokyo day turns at 15:00 UTC: Sunday 23:30 UTC is already Monday in Tokyo', () => {
    const earlyMonday: QueueHours = [{ days: [1], from: '00:00', to: '09:00' }];
    expect(queueOpenAt(earlyMonday, '2025-09-21T15:00:00Z')).toBe(true); // Monday 00:00 Tokyo
    expect(queueOpenAt(earlyMonday, '2025-09-21T14:59:59Z')).toBe(false); // Sunday 23:59:59 Tokyo
  });

  it("'24:00' runs to the end of the day, and a night across midnight is two periods", () => {
    const night: QueueHours = [
      { days: [1], from: '22:00', to: '24:00' },
      { days: [2], from: '00:00', to: '02:00' },
    ];
    expect(queueOpenAt(night, tokyo(MON, '23:59'))).toBe(true);
    expect(queueOpenAt(night, tokyo(TUE, '00:00'))).toBe(true);
    expect(queueOpenAt(night, tokyo(TUE, '01:59'))).toBe(true);
    expect(queueOpenAt(night, tokyo(TUE, '02:00'))).toBe(false);
    expect(queueOpenAt(night, tokyo(MON, '00:30'))).toBe(false);
  });

  it('empty own hours never open (the schema refuses them: null is the clinic calendar)', () => {
    expect(queueOpenAt([], tokyo(MON, '10:00'))).toBe(false);
    expect(queueHoursSchema.safeParse([]).success).toBe(false);
  });
});

describe('queueHoursSchema', () => {
  const ok = (hours: unknown) => queueHoursSchema.safeParse(hours).success;
  it('takes weekly periods and null', () => {
    expect(ok(null)).toBe(true);
    expect(ok([{ days: [0, 6], from: '09:00', to: '24:00' }])).toBe(true);
  });
  it('refuses a period that ends before it starts, runs past midnight, or names a day twice or none', () => {
    expect(ok([{ days: [1], from: '16:00', to: '14:00' }])).toBe(false);
    expect(ok([{ days: [1], from: '14:00', to: '14:00' }])).toBe(false);
    expect(ok([{ days: [1], from: '22:00', to: '02:00' }])).toBe(false);
    expect(ok([{ days: [1], from: '24:00', to: '24:00' }])).toBe(false);
    expect(ok([{ days: [1, 1], from: '09:00', to: '10:00' }])).toBe(false);
    expect(ok([{ days: [], from: '09:00', to: '10:00' }])).toBe(false);
    expect(ok([{ days: [7], from: '09:00', to: '10:00' }])).toBe(false);
    expect(ok([{ days: [1], from: '9:00', to: '10:00' }])).toBe(false);
  });
});

describe('nextHoursEdge', () => {
  // 2026-12-01 is a Tuesday; 10:30 in Tokyo is 01:30 UTC.
  const tuesday1030 = new Date('2026-12-01T01:30:00.000Z');
  it('finds the next opening or closing, this day or later in the week', () => {
    const hours = [{ days: [2, 4], from: '13:00', to: '17:00' }];
    expect(nextHoursEdge(hours, tuesday1030)?.toISOString()).toBe('2026-12-01T04:00:00.000Z'); // 13:00 Tuesday
    expect(nextHoursEdge(hours, new Date('2026-12-01T05:00:00.000Z'))?.toISOString()).toBe('2026-12-01T08:00:00.000Z'); // 17:00
    expect(nextHoursEdge(hours, new Date('2026-12-01T08:00:00.000Z'))?.toISOString()).toBe('2026-12-03T04:00:00.000Z'); // Thursday 13:00
    expect(queueOpenAt(hours, new Date('2026-12-01T04:00:00.000Z'))).toBe(true);
  });
  it('is null without own hours', () => {
    expect(nextHoursEdge(null, tuesday1030)).toBeNull();
  });
});
