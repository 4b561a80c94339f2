// @vitest-environment happy-dom
/** The announcement banner (issue 14) hides itself at its expiry, without a new snapshot or a reload. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { AnnouncementBanner } from './AnnouncementBanner.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('shows the text and its end time, then disappears when it expires', () => {
  vi.useFakeTimers({ now: new Date('2026-01-05T01:00:00.000Z') }); // 10:00 in Tokyo
  render(<AnnouncementBanner announcement={{ text: 'ただいま大変混み合っています', until: '2026-01-05T01:30:00.000Z' }} />);
  const banner = screen.getByRole('status', { name: '医院からのお知らせ' });
  expect(banner.textContent).toContain('ただいま大変混み合っています');
  expect(banner.textContent).toContain('10:30まで');
  act(() => vi.advanceTimersByTime(29 * 60_000));
  expect(screen.queryByRole('status')).not.toBeNull();
  act(() => vi.advanceTimersByTime(61_000)); // 10:30 and a moment
  expect(screen.queryByRole('status')).toBeNull();
});

it('shows nothing without an announcement, or with one already past', () => {
  render(<AnnouncementBanner announcement={null} />);
  render(<AnnouncementBanner announcement={{ text: '古いお知らせ', until: new Date(Date.now() - 1000).toISOString() }} />);
  expect(screen.queryByRole('status')).toBeNull();
});
