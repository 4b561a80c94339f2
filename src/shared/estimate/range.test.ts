import { describe, expect, it } from 'vitest';
import type { RangeCalibration } from './calibration.js';
import { RANGE_Z_HIGH, RANGE_Z_LOW, ROUND_MINUTES, type WaitEstimate, waitMoments, waitRange } from './range.js';

const NOW = new Date('2026-11-23T01:00:00.000Z'); // 10:00 Tokyo
const estimate: WaitEstimate = { minutesPerPerson: 5, spreadMinutes: 2, paceError: 0.1, lastStartAt: null, basis: 'blend' };

describe('waitRange', () => {
  it('gives no estimate to a held row', () => {
    expect(waitRange(estimate, null, NOW)).toBeNull();
  });

  it('shows a range in 5-minute steps around the expected wait, wider for more people ahead', () => {
    const near = waitRange(estimate, 2, NOW)!;
    const far = waitRange(estimate, 10, NOW)!;
    for (const r of [near, far]) {
      expect(r.lowMinutes % ROUND_MINUTES).toBe(0);
      expect(r.highMinutes % ROUND_MINUTES).toBe(0);
      expect(r.highMinutes).toBeGreaterThan(r.lowMinutes);
    }
    expect(far.highMinutes - far.lowMinutes).toBeGreaterThan(near.highMinutes - near.lowMinutes);
    // 10 ahead at 5 min each plus half of the current consultation: 52.5 min, shown within the range.
    const { mean } = waitMoments(estimate, 10, NOW);
    expect(mean).toBe(52.5);
    expect(far.lowMinutes).toBeLessThanOrEqual(mean);
    expect(far.highMinutes).toBeGreaterThanOrEqual(mean);
  });

  it('gives the expected time in Tokyo-readable 5-minute steps', () => {
    // 10:00 + 52.5 min = 10:52:30, shown as 10:55.
    expect(waitRange(estimate, 10, NOW)!.expectedAt).toBe('2026-11-23T01:55:00.000Z');
  });

  it('counts down the consultation under way, never below a quarter of the pace', () => {
    const started = (minutesAgo: number) => ({ ...estimate, lastStartAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString() });
    expect(waitMoments(started(0), 0, NOW).mean).toBe(5);
    expect(waitMoments(started(2), 0, NOW).mean).toBe(3);
    expect(waitMoments(started(30), 0, NOW).mean).toBe(1.25);
    expect(waitMoments(started(30), 4, NOW).mean).toBe(21.25);
  });

  it('is never negative and always at least one step wide for the next patient', () => {
    const r = waitRange(estimate, 0, NOW)!;
    expect(r.lowMinutes).toBe(0);
    expect(r.highMinutes).toBeGreaterThanOrEqual(ROUND_MINUTES);
  });

  it('grows with the uncertainty of the pace', () => {
    const sure = waitRange({ ...estimate, paceError: 0.05 }, 10, NOW)!;
    const unsure = waitRange({ ...estimate, paceError: 0.3 }, 10, NOW)!;
    expect(unsure.highMinutes - unsure.lowMinutes).toBeGreaterThan(sure.highMinutes - sure.lowMinutes);
  });
});

describe('waitRange with the clinic\'s calibration', () => {
  const calibration: RangeCalibration = {
    bands: [
      { maxAhead: 1, lowZ: -0.5, highZ: 1 },
      { maxAhead: 6, lowZ: -1, highZ: 1.5 },
      { maxAhead: 15, lowZ: -0.8, highZ: 1.2 },
    ],
    samples: 4000,
    sessions: 20,
  };
  const calibrated = { ...estimate, calibration };

  it('places the edges at mean + lowZ·sd and mean + highZ·sd of the band for `ahead`, rounded outwards', () => {
    for (const [ahead, band] of [[0, 0], [1, 0], [2, 1], [6, 1], [7, 2], [10, 2]] as const) {
      const { mean, sd } = waitMoments(calibrated, ahead, NOW);
      const { lowZ, highZ } = calibration.bands[band]!;
      const r = waitRange(calibrated, ahead, NOW)!;
      expect(r.lowMinutes).toBe(Math.max(0, Math.floor((mean + lowZ * sd) / ROUND_MINUTES) * ROUND_MINUTES));
      expect(r.highMinutes).toBe(Math.max(r.lowMinutes + ROUND_MINUTES, Math.ceil((mean + highZ * sd) / ROUND_MINUTES) * ROUND_MINUTES));
    }
    // 10 ahead: mean 52.5, sd √(10·4 + 1 + 25) = 8.12: 52.5 − 6.5 = 46.0 → 45, 52.5 + 9.75 = 62.2 → 65.
    expect(waitRange(calibrated, 10, NOW)).toMatchObject({ lowMinutes: 45, highMinutes: 65 });
  });

  it('uses the last band for everyone beyond it', () => {
    const { mean, sd } = waitMoments(calibrated, 30, NOW);
    expect(waitRange(calibrated, 30, NOW)!.lowMinutes).toBe(Math.floor((mean - 0.8 * sd) / ROUND_MINUTES) * ROUND_MINUTES);
  });

  it('never starts below 0 and is always a step wide, whatever the calibration says', () => {
    const odd = { ...estimate, calibration: { ...calibration, bands: [{ maxAhead: 99, lowZ: -40, highZ: -39 }] } };
    for (const ahead of [0, 3, 12]) {
      const r = waitRange(odd, ahead, NOW)!;
      expect(r.lowMinutes).toBe(0);
      expect(r.highMinutes).toBe(ROUND_MINUTES);
    }
    // A calibration whose high side sits below the low edge still shows a range one step wide.
    const inverted = { ...estimate, calibration: { ...calibration, bands: [{ maxAhead: 99, lowZ: 1, highZ: -1 }] } };
    const r = waitRange(inverted, 10, NOW)!;
    expect(r.highMinutes).toBe(r.lowMinutes + ROUND_MINUTES);
  });

  it('keeps the expected time: the calibration moves the edges only', () => {
    expect(waitRange(calibrated, 10, NOW)!.expectedAt).toBe(waitRange(estimate, 10, NOW)!.expectedAt);
  });

  it('falls back to the wider rule without a calibration (absent or null) and with no bands', () => {
    const { mean, sd } = waitMoments(estimate, 10, NOW);
    const wider = { lowMinutes: Math.floor((mean - RANGE_Z_LOW * sd) / 5) * 5, highMinutes: Math.ceil((mean + RANGE_Z_HIGH * sd) / 5) * 5 };
    expect(waitRange(estimate, 10, NOW)).toMatchObject(wider);
    expect(waitRange({ ...estimate, calibration: null }, 10, NOW)).toMatchObject(wider);
    expect(waitRange({ ...estimate, calibration: { bands: [], samples: 0, sessions: 0 } }, 10, NOW)).toMatchObject(wider);
    // 52.5 − 2.4 · 8.12 = 33.0 → 30; 52.5 + 1.5 · 8.12 = 64.7 → 65.
    expect(wider).toEqual({ lowMinutes: 30, highMinutes: 65 });
  });
});
