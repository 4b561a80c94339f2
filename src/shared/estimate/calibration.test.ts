import { describe, expect, it } from 'vitest';
import {
  BAND_LIMITS,
  bandFor,
  CALIBRATION_SESSIONS,
  type CalibrationSample,
  calibrate,
  INSIDE_AIM,
  LOW_AIM,
  MIN_BAND_READINGS,
  MIN_CALIBRATION_SESSIONS,
  scores,
} from './calibration.js';
import { roundDown, roundUp } from './rounding.js';

/** A small deterministic generator, so the readings are the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Readings over `sessions` sessions, `perSession` each, ahead spread over 0–29, whose normalised error is
 * drawn by `error(u, ahead)` from a uniform u: the tests choose the distribution and check the edges.
 */
function readings(sessions: number, perSession: number, error: (u: number, ahead: number) => number, seed = 1, prefix = 's'): CalibrationSample[] {
  const random = rng(seed);
  const out: CalibrationSample[] = [];
  for (let s = 0; s < sessions; s++) {
    for (let i = 0; i < perSession; i++) {
      const ahead = Math.floor(random() * 30);
      // What remains of the consultation under way varies, so the range's 5-minute steps fall anywhere.
      const mean = 5.3 * ahead + 1 + 4 * random();
      const sd = 2 + Math.sqrt(ahead) * 2;
      out.push({ session: `${prefix}${s}`, ahead, mean, sd, actualMinutes: Math.max(0, mean + error(random(), ahead) * sd) });
    }
  }
  return out;
}

/** The share of readings the calibrated, rounded range would have shown too late (early turn) and inside. */
function judge(samples: readonly CalibrationSample[], calibration: NonNullable<ReturnType<typeof calibrate>>) {
  let early = 0;
  let inside = 0;
  for (const s of samples) {
    const band = bandFor(calibration, s.ahead)!;
    const low = Math.max(0, roundDown(s.mean + band.lowZ * s.sd));
    const high = Math.max(low + 5, roundUp(s.mean + band.highZ * s.sd));
    if (s.actualMinutes < low) early++;
    else if (s.actualMinutes <= high) inside++;
  }
  return { early: early / samples.length, inside: inside / samples.length };
}

// A skewed error, as waits are: long cases and pauses add, nothing subtracts as much.
const skewed = (u: number) => Math.exp(0.8 * (u - 0.5) * 3) - 1;

describe('calibrate', () => {
  it('is null with too little history: too few sessions, or too few readings', () => {
    expect(calibrate([])).toBeNull();
    expect(calibrate(readings(MIN_CALIBRATION_SESSIONS - 1, 500, skewed))).toBeNull();
    expect(calibrate(readings(MIN_CALIBRATION_SESSIONS, Math.floor((MIN_BAND_READINGS - 1) / MIN_CALIBRATION_SESSIONS), skewed))).toBeNull();
    expect(calibrate(readings(MIN_CALIBRATION_SESSIONS, 100, skewed))).not.toBeNull();
  });

  it('places the edges so a fresh day from the same clinic has ≤ 5 % early turns and ≥ 80 % inside', () => {
    const calibration = calibrate(readings(20, 400, skewed, 7))!;
    expect(calibration.sessions).toBe(20);
    expect(calibration.samples).toBe(8000);
    const freshDays = readings(50, 400, skewed, 99);
    const fresh = judge(freshDays, calibration);
    expect(fresh.early).toBeLessThanOrEqual(0.05);
    expect(fresh.inside).toBeGreaterThanOrEqual(0.8);
    // Not wider than it must be: away from the front (where a range cannot start below 0) the aims are met
    // closely, not by a wide margin.
    const far = judge(freshDays.filter((s) => s.ahead > 6), calibration);
    expect(far.early).toBeGreaterThan(LOW_AIM - 0.01);
    expect(far.early).toBeLessThanOrEqual(0.05);
    expect(far.inside).toBeLessThan(INSIDE_AIM + 0.03);
  });

  it('learns the low and high sides apart: a skewed error gets a short low side and a long high side', () => {
    const calibration = calibrate(readings(20, 400, skewed, 3))!;
    // Far enough from the front that a 5-minute step is small beside the spread.
    for (const band of calibration.bands.filter((b) => b.maxAhead >= 10)) {
      expect(band.lowZ).toBeLessThan(0);
      expect(band.highZ).toBeGreaterThan(0);
      expect(band.highZ).toBeGreaterThan(-band.lowZ);
    }
  });

  it('learns each band of queue position on its own', () => {
    // Far from the front the model is too slow (turns come early); near it, it is right.
    const shifted = (u: number, ahead: number) => (u - 0.5) * 2 - (ahead > 10 ? 1.5 : 0);
    const calibration = calibrate(readings(20, 400, shifted, 5))!;
    const near = bandFor(calibration, 2)!;
    const far = bandFor(calibration, 20)!;
    expect(far.lowZ).toBeLessThan(near.lowZ - 1);
    expect(far.highZ).toBeLessThan(near.highZ - 1);
    expect(calibration.bands.map((b) => b.maxAhead)).toEqual([...calibration.bands.map((b) => b.maxAhead)].sort((a, b) => a - b));
  });

  it('merges thin bands into their neighbours, and keeps the bands of the default limits when full', () => {
    const full = calibrate(readings(20, 400, skewed, 11))!;
    // ahead 0–29 evenly: every default band holds ≥ 200 readings, the last one (26+) too.
    expect(full.bands.map((b) => b.maxAhead)).toEqual([...BAND_LIMITS, 29]);
    const thin = calibrate(readings(5, 100, skewed, 11))!;
    expect(thin.bands.length).toBeLessThan(full.bands.length);
    expect(thin.bands.length).toBeGreaterThan(0);
    expect(thin.samples).toBe(500);
    // No band rests on fewer readings than the minimum (counted back from the data).
    const all = readings(5, 100, skewed, 11);
    let previous = -1;
    thin.bands.forEach((band, i) => {
      const last = i === thin.bands.length - 1;
      const n = all.filter((s) => s.ahead > previous && (last || s.ahead <= band.maxAhead)).length;
      expect(n).toBeGreaterThanOrEqual(MIN_BAND_READINGS);
      previous = band.maxAhead;
    });
  });

  it('counts only the last sessions: an old habit of the clinic is forgotten', () => {
    const oldDays = readings(30, 300, (u) => (u - 0.5) * 2 + 3, 21, 'old');
    const newDays = readings(CALIBRATION_SESSIONS, 300, (u) => (u - 0.5) * 2, 22, 'new');
    const calibration = calibrate([...oldDays, ...newDays])!;
    expect(calibration.sessions).toBe(CALIBRATION_SESSIONS);
    expect(calibration).toEqual(calibrate(newDays));
    // With the old days last, the old habit rules.
    expect(bandFor(calibrate([...newDays, ...oldDays])!, 5)!.lowZ).toBeGreaterThan(bandFor(calibration, 5)!.lowZ + 2);
    expect(calibrate([...oldDays, ...newDays], { sessions: 5 })!.sessions).toBe(5);
  });

  it('applies the (n + 1) correction: a small band is more cautious than its plain 3.5 % quantile', () => {
    // n readings of one band, each wait in its own 5-minute step, so every score differs. The low edge sits
    // just below the k-th lowest score, k = ⌊0.035 (n + 1)⌋: 7 for 200 readings, 6 for 198 (a plain 3.5 %
    // quantile of 198 would still be the 7th: 0.035 × 198 = 6.93).
    const band = (n: number): CalibrationSample[] =>
      Array.from({ length: n }, (_, i) => ({ session: `s${i % 5}`, ahead: 3, mean: 500, sd: 10, actualMinutes: 5 * i + 1 }));
    const lowOf = (n: number) => calibrate(band(n), { minPerBand: 1 })!.bands[0]!.lowZ;
    const sortedLow = (n: number) => band(n).map((s) => scores(s).low).sort((a, b) => a - b);
    expect(lowOf(200)).toBeLessThan(sortedLow(200)[6]!);
    expect(lowOf(200)).toBeGreaterThan(sortedLow(200)[5]!);
    expect(lowOf(198)).toBeLessThan(sortedLow(198)[5]!);
    expect(lowOf(198)).toBeGreaterThan(sortedLow(198)[4]!);
  });

  it('ignores readings that cannot be scored', () => {
    const good = readings(5, 100, skewed, 4);
    const bad: CalibrationSample[] = [
      { session: 's1', ahead: 3, mean: 10, sd: 0, actualMinutes: 4 },
      { session: 's1', ahead: 3, mean: Number.NaN, sd: 2, actualMinutes: 4 },
      { session: 's1', ahead: -1, mean: 10, sd: 2, actualMinutes: 4 },
    ];
    expect(calibrate([...good, ...bad])).toEqual(calibrate(good));
  });
});

describe('scores', () => {
  it('is the error of the end and the start of the actual wait’s 5-minute step', () => {
    // A turn after 12 minutes is early for a shown low edge of 15 (mean + z·sd ≥ 15) and late for a high of 10.
    expect(scores({ mean: 10, sd: 2, actualMinutes: 12 })).toEqual({ low: 2.5, high: 0 });
    // On a step's boundary: 15 is inside a range that starts at 15 and inside one that ends at 15.
    expect(scores({ mean: 10, sd: 2, actualMinutes: 15 })).toEqual({ low: 5, high: 0 });
  });
});
