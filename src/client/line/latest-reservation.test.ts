// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { followMove, forgetReservation, latestReservation, rememberReservation } from './latest-reservation.js';

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

  describe('a number the desk moved to another queue (decision 067), as the my page reads it', () => {
    const today = new Date().toISOString();
    const card = (n: number, over: Partial<MyReservation> = {}): MyReservation => ({ slotId: `s${n}`, reservationNumber: n, reservedAt: today, ahead: 1, hold: false, ...over });

    it('becomes the new number, which says the number it moved from', () => {
      rememberReservation(card(7));
      followMove(card(502, { movedFrom: 7 }), null);
      expect(latestReservation()).toEqual({ slotId: 's502', reservationNumber: 502, reservedAt: today, movedFrom: 7 });
      // Moved back before the patient was told: the card names the number they last knew, still 7.
      followMove(card(9, { movedFrom: 7 }), null);
      expect(latestReservation()).toMatchObject({ slotId: 's9', reservationNumber: 9, movedFrom: 7 });
    });

    it('changes nothing for a card that did not move from the stored number', () => {
      rememberReservation(card(7));
      const before = localStorage.getItem('latestReservationLine');
      followMove(card(7), null);
      followMove(card(8, { movedFrom: 3 }), null);
      expect(localStorage.getItem('latestReservationLine')).toBe(before);
    });

    it('follows a family member moved on its own', () => {
      const family = [card(7, { familyId: 's7', memberName: 'たろう' }), card(8, { familyId: 's7', memberName: 'はなこ' })];
      rememberReservation(family[0]!, family);
      followMove(family[0]!, [family[0]!, card(501, { familyId: 's7', memberName: 'はなこ', movedFrom: 8 })]);
      expect(latestReservation()).toEqual({
        slotId: 's7',
        reservationNumber: 7,
        reservedAt: today,
        family: [
          { slotId: 's7', reservationNumber: 7, memberName: 'たろう' },
          { slotId: 's501', reservationNumber: 501, memberName: 'はなこ', movedFrom: 8 },
        ],
      });
    });
  });
});
