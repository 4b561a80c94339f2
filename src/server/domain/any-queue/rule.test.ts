import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { earliestQueue, type QueueChance } from './rule.js';

const q = (id: string, waiting: number, minutesPerPerson: number | null, takesOnline = true): QueueChance => ({ id, waiting, minutesPerPerson, takesOnline });

describe('「どちらの医師でも」: the queue a newcomer starts earliest in', () => {
  it('weighs each queue by its own pace, not by its length alone', () => {
    // 6 waiting at 3 minutes (18) beats 3 waiting at 10 minutes (30).
    expect(earliestQueue([q('doctor-a', 3, 10), q('doctor-b', 6, 3)])).toBe('doctor-b');
    expect(earliestQueue([q('doctor-a', 1, 10), q('doctor-b', 6, 3)])).toBe('doctor-a');
  });

  it('falls back to the fewest waiting while a queue has no pace yet, and keeps the clinic’s order on a tie', () => {
    expect(earliestQueue([q('a', 4, 10), q('b', 2, null)])).toBe('b');
    expect(earliestQueue([q('a', 2, 5), q('b', 2, 5)])).toBe('a');
  });

  it('never chooses a queue the patient cannot take online, and says so when none is left', () => {
    expect(earliestQueue([q('fever', 0, 5, false), q('a', 9, 10)])).toBe('a');
    expect(() => earliestQueue([q('fever', 0, 5, false)])).toThrow(AppError);
  });
});
