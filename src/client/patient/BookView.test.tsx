// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { week } from '../../../test/support/schedule-fixtures.js';
import { BookView } from './BookView.js';
import { bookViewProps } from './test-support.js';

afterEach(cleanup);

const ready = bookViewProps();

const takeButton = () => screen.queryByRole('button', { name: /受付番号を取得する|取得中…/ });

describe('book screen', () => {
  it('shows the waiting count and an enabled button that takes a number', () => {
    const onTake = vi.fn();
    render(<BookView {...ready} onTake={onTake} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('受付番号予約');
    expect(screen.getByRole('region', { name: '現在の待ち人数' }).textContent).toContain('4人');
    const button = takeButton()!;
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(onTake).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a dash until the first snapshot arrives', () => {
    render(<BookView {...ready} waitCount={null} />);
    expect(screen.getByRole('region', { name: '現在の待ち人数' }).textContent).toContain('－');
  });

  it('disables the button while authenticating', () => {
    render(<BookView {...ready} authenticating />);
    expect((takeButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables the button and says so while the request runs', () => {
    render(<BookView {...ready} busy />);
    const button = takeButton() as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('取得中…');
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('disables the button when the patient already has a number, and links to it', () => {
    render(<BookView {...ready} reserved />);
    expect((takeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/受付済みです。予約状況をご確認ください。/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '予約状況を確認する' }).getAttribute('href')).toBe('/line/my');
  });

  it('shows the closed card instead of the button out of hours', () => {
    render(<BookView {...ready} closed />);
    expect(takeButton()).toBeNull();
    expect(screen.getByRole('heading', { name: 'ただいまオンライン受付時間外です' })).toBeTruthy();
    expect(document.body.textContent).toContain('オンライン受付時間　9:30〜11:00 ／ 17:00〜18:30');
  });

  it("gives the closed card the calendar's hours and next opening", () => {
    render(<BookView {...ready} closed schedule={{ kind: 'ready', schedule: week() }} />);
    const card = screen.getByRole('region', { name: 'ただいまオンライン受付時間外です' });
    expect(card.textContent).toContain('本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30');
    expect(card.textContent).toContain('次回のオンライン受付：本日 17:00から');
  });

  it('says why when online reception closed early because a newcomer would not be seen in time', () => {
    render(<BookView {...ready} closed late schedule={{ kind: 'ready', schedule: week() }} />);
    expect(takeButton()).toBeNull();
    const card = screen.getByRole('region', { name: '本日は診療時間内に順番が回らない見込みのため、オンライン受付を終了しました' });
    expect(card.textContent).toContain('次回のオンライン受付：本日 17:00から');
    expect(screen.queryByRole('heading', { name: 'ただいまオンライン受付時間外です' })).toBeNull();
  });

  it('shows the error line as an alert', () => {
    render(<BookView {...ready} error="ただいま混み合っています。もう一度お試しください。" />);
    expect(screen.getByRole('alert').textContent).toBe('ただいま混み合っています。もう一度お試しください。');
  });

  it('says quietly that it is reconnecting, keeping the count', () => {
    render(<BookView {...ready} liveStatus="reconnecting" />);
    expect(screen.getByRole('status').textContent).toContain('再接続しています');
    expect(screen.getByRole('region', { name: '現在の待ち人数' }).textContent).toContain('4人');
  });

  it('shows nothing about the connection while connecting or live', () => {
    for (const liveStatus of ['connecting', 'live'] as const) {
      render(<BookView {...ready} liveStatus={liveStatus} />);
      expect(screen.queryByRole('status')).toBeNull();
      cleanup();
    }
  });
});
