// @vitest-environment happy-dom
/** The patient's own notice chooser (issue 14): 1 to 10, 5 by default, and a report once it was sent. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { FnError } from '../api/fn.js';
import { type NoticeChoice, NoticeChooser } from './NoticeChooser.js';

afterEach(cleanup);

const base: MyReservation = { slotId: 's1', reservationNumber: 12, reservedAt: '2026-01-05T00:35:00.000Z', ahead: 8, hold: false };

it('offers 1 to 10 people ahead, 5 chosen unless the patient chose otherwise, and sends the choice', () => {
  const chosen: NoticeChoice[] = [];
  render(<NoticeChooser reservation={base} onChoose={async (c) => void chosen.push(c)} />);
  const select = screen.getByRole('combobox', { name: /お知らせを受け取るタイミング/ }) as HTMLSelectElement;
  const people = screen.getByRole('group', { name: '前の人数で' });
  expect([...people.querySelectorAll('option')].map((o) => o.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `前に${i + 1}人になったら`));
  expect(select.value).toBe('5');
  expect(screen.getByText('前に5人になったら、一度だけお知らせします。')).toBeTruthy();
  fireEvent.change(select, { target: { value: '3' } });
  expect(chosen).toEqual([{ threshold: 3 }]);
});

it('offers minutes before the turn as the second kind (decision 055), and shows that choice', () => {
  const chosen: NoticeChoice[] = [];
  const { rerender } = render(<NoticeChooser reservation={base} onChoose={async (c) => void chosen.push(c)} />);
  const minutes = screen.getByRole('group', { name: '順番の何分前かで' });
  expect([...minutes.querySelectorAll('option')].map((o) => o.textContent)).toEqual([10, 15, 20, 30, 45, 60].map((m) => `早ければ${m}分で順番のとき`));
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'm30' } });
  expect(chosen).toEqual([{ minutes: 30 }]);
  rerender(<NoticeChooser reservation={{ ...base, noticeMinutes: 30 }} onChoose={async () => {}} />);
  expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('m30');
  expect(screen.getByText('早ければ30分で順番になるときに、一度だけお知らせします。')).toBeTruthy();
});

it('shows the server’s refusal, the server’s value once it arrives, and only a report once the notice was sent', async () => {
  const refuse = async () => {
    throw new FnError('FAILED_PRECONDITION', 'お知らせは送信済みのため、タイミングを変更できません。');
  };
  const { rerender } = render(<NoticeChooser reservation={{ ...base, noticeThreshold: 7 }} onChoose={refuse} />);
  const select = screen.getByRole('combobox') as HTMLSelectElement;
  expect(select.value).toBe('7');
  fireEvent.change(select, { target: { value: '2' } });
  expect((await screen.findByRole('alert')).textContent).toBe('お知らせは送信済みのため、タイミングを変更できません。');
  rerender(<NoticeChooser reservation={{ ...base, noticeThreshold: 4 }} onChoose={refuse} />);
  expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('4');
  rerender(<NoticeChooser reservation={{ ...base, noticeThreshold: 3, noticeSentAt: '2026-01-05T01:00:00.000Z' }} onChoose={refuse} />);
  expect(screen.queryByRole('combobox')).toBeNull();
  expect(screen.getByText('お知らせは送信済みです。')).toBeTruthy();
});
