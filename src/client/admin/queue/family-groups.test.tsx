// @vitest-environment happy-dom
/**
 * A family's rows on the staff list (issue 35, docs/decisions/053): the member's name and 「家族 i/k」
 * counted among the rows listed now, and a marker shared by the family's rows that tells neighbours apart.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { staffSlot } from '../test-support.js';
import { familyPlaces } from './family-groups.js';
import { QueueTable } from './QueueTable.js';

afterEach(cleanup);

const T = '2026-01-05T00:35:00.000Z';
const slot = (n: number, over: Partial<StaffSlot> = {}) =>
  staffSlot(n, T, { reservedType: 'PWA', familyId: null, memberName: null, ...over });
const fam = (n: number, familyId: string, memberName: string | null = null, over: Partial<StaffSlot> = {}) =>
  slot(n, { familyId, memberName, ...over });

describe('familyPlaces', () => {
  it('numbers each family’s listed rows in list order and gives neighbouring families different tones', () => {
    const places = familyPlaces([slot(1), fam(2, 'a'), fam(3, 'a'), fam(4, 'b'), fam(5, 'a'), fam(6, 'b'), fam(7, 'c'), fam(8, 'd')]);
    expect(places.get('s1')).toBeUndefined();
    expect(places.get('s2')).toEqual({ i: 1, k: 3, tone: 0 });
    expect(places.get('s5')).toEqual({ i: 3, k: 3, tone: 0 });
    expect(places.get('s6')).toEqual({ i: 2, k: 2, tone: 1 });
    expect(places.get('s7')?.tone).toBe(2);
    expect(places.get('s8')?.tone).toBe(0);
  });
});

describe('the staff list shows a family as a group', () => {
  const show = (slots: StaffSlot[], showDone = true) =>
    render(<QueueTable slots={slots} showDone={showDone} blinking={new Set()} busy={new Set()} onAction={() => {}} />);
  const numberCell = (n: number) => screen.getByRole('rowheader', { name: new RegExp(`^${n}番`) });

  it('writes the name and 「家族 i/k」 on each member’s row, and nothing on a number taken alone', () => {
    show([slot(1), fam(2, 's2', 'たろう'), fam(3, 's2', 'はなこ'), fam(4, 's2'), slot(5)]);
    expect(numberCell(2).textContent).toBe('2番家族 1/3たろう');
    expect(numberCell(3).textContent).toBe('3番家族 2/3はなこ');
    expect(numberCell(4).textContent).toBe('4番家族 3/3');
    expect(numberCell(1).textContent).toBe('1番');
    const rows = [2, 3, 4].map((n) => numberCell(n).closest('tr')!);
    expect(rows.every((r) => r.classList.contains('row-family') && r.classList.contains('family-tone-0'))).toBe(true);
    expect(rows.map((r) => r.dataset.familyId)).toEqual(['s2', 's2', 's2']);
    expect(numberCell(5).closest('tr')!.classList.contains('row-family')).toBe(false);
  });

  it('counts only the rows listed: a member done and hidden leaves 「家族 1/2」', () => {
    show([fam(2, 's2', 'たろう', { isReceptionAccepted: true, receptionAcceptedAt: T }), fam(3, 's2', 'はなこ'), fam(4, 's2')], false);
    expect(screen.queryByRole('rowheader', { name: /^2番/ })).toBeNull();
    expect(numberCell(3).textContent).toBe('3番家族 1/2はなこ');
    expect(numberCell(4).textContent).toBe('4番家族 2/2');
  });

  it('tells two families next to each other apart', () => {
    show([fam(2, 's2'), fam(3, 's2'), fam(4, 's4'), fam(5, 's4')]);
    expect(numberCell(3).closest('tr')!.className).toContain('family-tone-0');
    expect(numberCell(4).closest('tr')!.className).toContain('family-tone-1');
  });
});
