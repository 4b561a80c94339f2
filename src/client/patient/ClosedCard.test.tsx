// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closedDay, day, MORNING, MORNING_ONLINE, week } from '../../../test/support/schedule-fixtures.js';
import { ClosedCard } from './ClosedCard.js';

afterEach(cleanup);

const card = () => screen.getByRole('region', { name: 'ただいまオンライン受付時間外です' });
const lines = () => Array.from(card().querySelectorAll('p')).map((p) => p.textContent);

describe('closed card', () => {
  it('gives the online reception hours and the 30-minute rule', () => {
    render(<ClosedCard headingLevel={1} schedule={{ kind: 'failed' }} />);
    const card = screen.getByRole('region', { name: 'ただいまオンライン受付時間外です' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ただいまオンライン受付時間外です');
    expect(card.textContent).toContain('オンライン受付時間　9:30〜11:00 ／ 17:00〜18:30');
    expect(card.textContent).toContain('※診察開始後30分間と、診察終了前30分間はオンライン受付を行っておりません。');
  });

  it('is a second-level heading inside another screen', () => {
    render(<ClosedCard schedule={{ kind: 'failed' }} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('ただいまオンライン受付時間外です');
  });

  it("shows today's real online hours and that reception opens again this evening", () => {
    render(<ClosedCard schedule={{ kind: 'ready', schedule: week() }} />);
    expect(lines()).toEqual([
      '本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30',
      '次回のオンライン受付：本日 17:00から',
      '※診察開始後30分間と、診察終了前30分間はオンライン受付を行っておりません。',
    ]);
  });

  it("says tomorrow, and gives tomorrow's note, once today's windows are over", () => {
    const schedule = week({ nextOpening: { date: '2026-11-25', start: '09:30' } });
    schedule.days[1] = day('2026-11-25', { periods: [MORNING], online: [MORNING_ONLINE], note: '11/25は午前のみの診療です' });
    render(<ClosedCard schedule={{ kind: 'ready', schedule }} />);
    expect(lines().slice(0, 3)).toEqual([
      '本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30',
      '次回のオンライン受付：明日 9:30から',
      '11/25は午前のみの診療です',
    ]);
  });

  it('says the clinic is closed for the holiday, and names the date of a later opening', () => {
    const schedule = week({
      today: '2026-11-23',
      days: [closedDay('2026-11-23', 'holiday', { holidayName: '勤労感謝の日' }), closedDay('2026-11-24', 'override'), day('2026-11-25')],
      nextOpening: { date: '2026-11-25', start: '09:30' },
    });
    render(<ClosedCard schedule={{ kind: 'ready', schedule }} />);
    expect(lines().slice(0, 2)).toEqual(['本日は祝日のため休診です', '次回のオンライン受付：11/25(水) 9:30から']);
    expect(card().textContent).not.toContain('9:30〜11:00 ／ 17:00〜18:30');
  });

  it("gives today's note on a day the clinic closes by its own choice, and the weekly day off", () => {
    const closedToday = week({
      days: [closedDay('2026-11-24', 'override', { note: '11/24は院長不在のため休診です' }), day('2026-11-25')],
      nextOpening: { date: '2026-11-25', start: '09:30' },
    });
    render(<ClosedCard schedule={{ kind: 'ready', schedule: closedToday }} />);
    expect(lines().slice(0, 3)).toEqual(['本日は休診です', '次回のオンライン受付：明日 9:30から', '11/24は院長不在のため休診です']);
    cleanup();
    const sunday = week({ today: '2026-11-29', days: [closedDay('2026-11-29', 'weekly'), day('2026-11-30')], nextOpening: { date: '2026-11-30', start: '09:30' } });
    render(<ClosedCard schedule={{ kind: 'ready', schedule: sunday }} />);
    expect(lines().slice(0, 2)).toEqual(['本日は休診日です', '次回のオンライン受付：明日 9:30から']);
  });

  it('shows no hours while the calendar is on its way, rather than the fixed text that may be wrong today', () => {
    render(<ClosedCard schedule={{ kind: 'loading' }} />);
    expect(lines()).toEqual(['※診察開始後30分間と、診察終了前30分間はオンライン受付を行っておりません。']);
  });

  it('says to ask the clinic when no opening is planned', () => {
    render(<ClosedCard schedule={{ kind: 'ready', schedule: week({ nextOpening: null }) }} />);
    expect(lines()[1]).toBe('次回のオンライン受付の予定は、医院にお問い合わせください');
  });
});

describe("the closed card's rule in the clinic's own minutes", () => {
  it('names the minutes the clinic set, and leaves out a side that is zero', () => {
    render(<ClosedCard schedule={{ kind: 'ready', schedule: week({ offsets: { openAfterStartMinutes: 15, closeBeforeEndMinutes: 45 } }) }} />);
    expect(lines().at(-1)).toBe('※診察開始後15分間と、診察終了前45分間はオンライン受付を行っておりません。');
    cleanup();
    render(<ClosedCard schedule={{ kind: 'ready', schedule: week({ offsets: { openAfterStartMinutes: 0, closeBeforeEndMinutes: 20 } }) }} />);
    expect(lines().at(-1)).toBe('※診察終了前20分間はオンライン受付を行っておりません。');
    cleanup();
    render(<ClosedCard schedule={{ kind: 'ready', schedule: week({ offsets: { openAfterStartMinutes: 0, closeBeforeEndMinutes: 0 } }) }} />);
    expect(lines().at(-1)).toBe('次回のオンライン受付：本日 17:00から');
  });
});
