// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { MyView } from './MyView.js';
import { myViewProps } from './test-support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// Sunday 2025-09-21 09:35 in Tokyo.
const reservation: MyReservation = { slotId: 's-12', reservationNumber: 12, reservedAt: '2025-09-21T00:35:00.000Z', ahead: 3, hold: false };

const base = myViewProps(reservation, { displayName: '山田 花子' });

const card = () => screen.getByRole('region', { name: 'あなたの受付番号' });

describe('my reservation screen', () => {
  it('shows the number, Tokyo time of taking it, people ahead, welcome line and notes', () => {
    render(<MyView {...base} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('予約状況');
    expect(screen.getByText('山田 花子 様')).toBeTruthy();
    const text = card().textContent ?? '';
    expect(text).toContain('12番');
    expect(text).toContain('受付日時');
    expect(text).toContain('2025/09/21(日) 09:35');
    expect(text).toContain('あなたの前に 3人');
    expect(text).toContain('ご来院の際は、この画面を受付スタッフにお見せください。');
    expect(text).toContain('※診察の順番は受付番号の順と前後する場合があります。');
    expect(screen.getByRole('button', { name: '予約をキャンセルする' })).toBeTruthy();
  });

  it('says the desk moved the number, naming the one before, and nothing of the kind for a number taken directly', () => {
    render(<MyView {...base} reservation={{ ...reservation, reservationNumber: 502, movedFrom: 12 }} />);
    expect(card().textContent).toContain('502番');
    expect(card().textContent).toContain('受付で番号を移しました（前の番号 12番）。この番号でお待ちください。');
    cleanup();
    render(<MyView {...base} />);
    expect(card().textContent).not.toContain('移しました');
  });

  it('shows the hold notice instead of people ahead when the number is on hold', () => {
    render(<MyView {...base} reservation={{ ...reservation, ahead: null, hold: true }} />);
    expect(card().textContent).toContain('呼出時不在（保留中）');
    expect(card().textContent).not.toContain('あなたの前に');
  });

  it('leaves the welcome line out without a display name (the PWA has none)', () => {
    render(<MyView {...base} displayName={null} />);
    expect(screen.queryByText(/様$/)).toBeNull();
  });

  it('says there is no reservation and offers to take a number', () => {
    render(<MyView {...base} reservation={null} />);
    expect(screen.getByText('現在、予約はありません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '受付番号を取得する' }).getAttribute('href')).toBe('/line/book');
    expect(screen.queryByRole('button', { name: '予約をキャンセルする' })).toBeNull();
  });

  it('claims nothing before it knows: the loading notice after 1.2 s, never "no reservation"', () => {
    vi.useFakeTimers();
    render(<MyView {...base} reservation={null} loaded={false} />);
    expect(screen.queryByText('現在、予約はありません。')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => void vi.advanceTimersByTime(1200));
    expect(screen.getByRole('status').textContent).toBe('読み込み中…');
  });

  it('cancels only after the patient confirms', () => {
    const onCancel = vi.fn();
    render(<MyView {...base} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: '予約をキャンセルする' }));
    const dialog = screen.getByRole('dialog', { name: '予約をキャンセルしますか？' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    // Focus starts on the safe answer.
    expect(document.activeElement?.textContent).toBe('キャンセルしない');
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'キャンセルする' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it('keeps the reservation when the patient says no', () => {
    const onCancel = vi.fn();
    render(<MyView {...base} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: '予約をキャンセルする' }));
    fireEvent.click(screen.getByRole('button', { name: 'キャンセルしない' }));
    expect(onCancel).not.toHaveBeenCalled();
    expect((screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement).open).toBe(false);
  });

  it('disables cancel while it runs and shows a failure as an alert', () => {
    render(<MyView {...base} canceling cancelError="キャンセルに失敗しました。" />);
    const button = screen.getByRole('button', { name: 'キャンセル中…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('キャンセルに失敗しました。');
  });

  it('says quietly that it is reconnecting', () => {
    render(<MyView {...base} liveStatus="reconnecting" />);
    expect(screen.getByRole('status').textContent).toContain('再接続しています');
    expect(card().textContent).toContain('12番');
  });
});
