// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReservation } from './latest-reservation.js';
import { ReservedScreen } from './ReservedScreen.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('reservation confirmation (/line/reserved)', () => {
  it('shows the stored latest reservation with a link to the my page', () => {
    rememberReservation({ slotId: 's', reservationNumber: 15, reservedAt: new Date().toISOString() });
    render(<ReservedScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('受付番号を取得しました');
    const card = screen.getByRole('region', { name: 'あなたの受付番号' });
    expect(card.textContent).toContain('15番');
    expect(card.textContent).toMatch(/\d{4}\/\d{2}\/\d{2}\([日月火水木金土]\) \d{2}:\d{2}/);
    expect(screen.getByRole('link', { name: '予約状況を確認する' }).getAttribute('href')).toBe('/line/my');
  });

  it('goes to /line/book when nothing is stored', async () => {
    window.history.replaceState(null, '', '/line/reserved');
    render(<ReservedScreen />);
    await Promise.resolve();
    expect(window.location.pathname).toBe('/line/book');
  });
});
