import { describe, expect, it } from 'vitest';
import { type ReadingOutcome, samplesFrom } from './calibration.js';

const row = (session: string, at: string, started: string | null, ahead = 2): ReadingOutcome => ({
  session_id: session, at, ahead, mean_minutes: 12.5, sd_minutes: 3, reception_accepted_at: started,
});

describe('samplesFrom (the calibration\'s input from readings and starts)', () => {
  it('measures the wait from the reading to the start, in minutes', () => {
    expect(samplesFrom([row('a', '2026-11-23T01:00:00.000Z', '2026-11-23T01:17:30.000Z')], ['a'])).toEqual([
      { session: 'a', ahead: 2, mean: 12.5, sd: 3, actualMinutes: 17.5 },
    ]);
  });

  it('orders the readings by session, oldest first as given, then by time, whatever order the store returns', () => {
    const rows = [
      row('new', '2026-11-24T01:05:00.000Z', '2026-11-24T01:30:00.000Z'),
      row('old', '2026-11-23T01:05:00.000Z', '2026-11-23T01:30:00.000Z'),
      row('new', '2026-11-24T01:00:00.000Z', '2026-11-24T01:30:00.000Z'),
      row('old', '2026-11-23T01:00:00.000Z', '2026-11-23T01:30:00.000Z'),
    ];
    expect(samplesFrom(rows, ['old', 'new']).map((s) => [s.session, s.actualMinutes])).toEqual([
      ['old', 30], ['old', 25], ['new', 30], ['new', 25],
    ]);
  });

  it('leaves out readings with no start, of other sessions, and taken after the start', () => {
    const rows = [
      row('a', '2026-11-23T01:00:00.000Z', null),
      row('b', '2026-11-23T01:00:00.000Z', '2026-11-23T01:10:00.000Z'),
      // A start taken back and made again keeps only its last time; a reading between the two says nothing.
      row('a', '2026-11-23T01:20:00.000Z', '2026-11-23T01:10:00.000Z'),
      row('a', '2026-11-23T01:10:00.000Z', '2026-11-23T01:10:00.000Z'),
    ];
    expect(samplesFrom(rows, ['a'])).toEqual([{ session: 'a', ahead: 2, mean: 12.5, sd: 3, actualMinutes: 0 }]);
  });
});
