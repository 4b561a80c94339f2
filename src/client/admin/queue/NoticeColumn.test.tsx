// @vitest-environment happy-dom
/** The 5前通知 column with a patient's own threshold (issue 14): 「3人前 10:42」, by minutes 「30分前」 (decision 055), and the default unchanged. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { staffSlot } from '../test-support.js';
import { QueueTable } from './QueueTable.js';

afterEach(cleanup);

const T = '2026-01-05T01:42:00.000Z'; // 10:42 in Tokyo

const line = (n: number, over: Partial<StaffSlot> = {}) => staffSlot(n, T, { reservedType: 'LINE', ...over });

const ahead5 = (n: number) =>
  within(screen.getByRole('rowheader', { name: `${n}番` }).closest('tr')!).getAllByRole('cell')[3].textContent;

it('shows the chosen threshold with the time, before and after the notice, and the default as before', () => {
  render(
    <QueueTable
      slots={[line(1, { notifiedAt: T }), line(2), line(3, { notifiedAt: T }), line(4), line(5, { ahead5SkippedAt: T, ahead5SkippedReason: 'adminConfirmed', adminConfirmedAt: T })]}
      showDone
      blinking={new Set()}
      busy={new Set()}
      onAction={() => {}}
      noticeThresholds={{ s1: 3, s2: 8, s5: 2 }}
    />,
  );
  expect(ahead5(1)).toBe('3人前 10:42');
  expect(ahead5(2)).toBe('8人前');
  expect(ahead5(3)).toBe('10:42');
  expect(ahead5(4)).toBe('');
  expect(ahead5(5)).toBe('省略（確認済）');
});

it('shows a notice by minutes before the turn as 「30分前」, with the time once sent (decision 055)', () => {
  render(
    <QueueTable
      slots={[line(1, { noticeMinutes: 30 }), line(2, { noticeMinutes: 15, notifiedAt: T })]}
      showDone
      blinking={new Set()}
      busy={new Set()}
      onAction={() => {}}
      noticeThresholds={{ s1: 3 }}
    />,
  );
  expect(ahead5(1)).toBe('30分前');
  expect(ahead5(2)).toBe('15分前 10:42');
});
