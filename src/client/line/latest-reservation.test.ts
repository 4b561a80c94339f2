// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetReservation, latestReservation, rememberReservation } from './latest-reservation.js';

afterEach(() => localStorage.clear());

const stored = { slotId: 's1', reservationNumber: 7, reservedAt: '2025-09-21T00:35:00.000Z' };

describe('latest LINE reservation (local key latestReservationLine)', () => {
  it('is kept in local storage and read back on the same Tokyo day', () => {
    rememberReservation({ ...stored });
    expect(JSON.parse(localStorage.getItem('latestReservationLine')!)).toEqual(stored);
    expect(latestReservation(new Date('2025-09-21T14:59:00Z'))).toEqual(stored);
  });

  it("is not a confirmation any more on the next Tokyo day", () => {
    rememberReservation(stored);
    expect(latestReservation(new Date('2025-09-21T15:00:00Z'))).toBeNull();
  });

  it('is forgotten when that reservation is cancelled, not when another is', () => {
    rememberReservation(stored);
    forgetReservation('other');
    expect(localStorage.getItem('latestReservationLine')).not.toBeNull();
    forgetReservation('s1');
    expect(localStorage.getItem('latestReservationLine')).toBeNull();
  });

  it('ignores garbage', () => {
    localStorage.setItem('latestReservationLine', '{"reservationNumber":"7"}');
    expect(latestReservation()).toBeNull();
    localStorage.setItem('latestReservationLine', 'not json');
    expect(latestReservation()).toBeNull();
  });

  it('keeps a family’s numbers and names for the confirmation (decision 053), and only for more than one', () => {
    const card = (n: number, memberName: string | null) => ({ ...stored, slotId: `s${n}`, reservationNumber: n, ahead: 1, hold: false, familyId: 's7', memberName });
    rememberReservation(card(7, 'たろう'), [card(7, 'たろう'), card(8, null)]);
    expect(latestReservation(new Date('2025-09-21T10:00:00Z'))).toEqual({
      slotId: 's7',
      reservationNumber: 7,
      reservedAt: stored.reservedAt,
      family: [
        { slotId: 's7', reservationNumber: 7, memberName: 'たろう' },
        { slotId: 's8', reservationNumber: 8, memberName: null },
      ],
    });
    rememberReservation(stored, [card(7, null)]);
    expect(latestReservation(new Date('2025-09-21T10:00:00Z'))).toEqual(stored);
  });

  it('drops a family list that is not a list', () => {
    localStorage.setItem('latestReservationLine', JSON.stringify({ ...stored, family: 'x' }));
    expect(latestReservation(new Date('2025-09-21T10:00:00Z'))?.family).toBeUndefined();
  });
});
