// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../Modal.js';
import { ScheduleBanner } from './ScheduleBanner.js';

let sent: string[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      sent.push(url);
      return new Response(JSON.stringify({ result: { ok: true, changed: true } }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (windowStart: string | null) =>
  render(
    <DialogProvider>
      <ScheduleBanner notice={windowStart ? { kind: 'inhouseOffAtWindowStart', windowStart } : null} />
    </DialogProvider>,
  );

describe('the calendar banner on the queue screen', () => {
  it('says online reception did not start because in-house reception is off, and starts both on request', async () => {
    show('2026-11-24T08:00:00.000Z'); // 17:00 in Tokyo
    expect(screen.getByRole('alert').textContent).toContain(
      'オンライン受付の開始時刻（17:00）になりましたが、院内受付が開始されていないため、オンライン受付を開始していません。',
    );
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '院内受付とオンライン受付を開始する' })));
    expect(screen.getByRole('dialog', { name: '確認' }).textContent).toContain('院内受付とオンライン受付を開始しますか？');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    // The server leaves online reception to staff once in-house starts inside a window: both, in order.
    expect(sent).toEqual(['/api/fn/startInhouseReception', '/api/fn/startOnlineReception']);
  });

  it('sends nothing when the question is answered no, and shows nothing without a notice', async () => {
    show('2026-11-24T00:30:00.000Z');
    expect(screen.getByRole('alert').textContent).toContain('（9:30）');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '院内受付とオンライン受付を開始する' })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'キャンセル' })));
    expect(sent).toEqual([]);
    cleanup();
    show(null);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
