// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HandoffScreen from './HandoffScreen.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's edge: POST /api/staff/handoff answers `reply`; the bodies sent are recorded. */
function stubHandoff(reply: unknown): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      expect(path).toBe('/api/staff/handoff');
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(reply), { status: 'error' in (reply as object) ? 400 : 200 });
    }),
  );
  return sent;
}

describe('the clinic’s handoff page', () => {
  it('takes the token out of the address at once, spends it once, and goes to the queue screen', async () => {
    window.history.replaceState(null, '', '/admin/handoff#tok-good');
    const sent = stubHandoff({ result: { username: 'hojin@group' } });
    render(<HandoffScreen />);
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('tok-good');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/queue'));
    expect(sent).toEqual([{ token: 'tok-good' }]);
  });

  it('shows the server’s refusal and how to try again', async () => {
    window.history.replaceState(null, '', '/admin/handoff#tok-used');
    stubHandoff({ error: { status: 'UNAUTHENTICATED', message: '管理画面を開くためのリンクの期限が切れています。' } });
    render(<HandoffScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('管理画面を開くためのリンクの期限が切れています。');
    expect(screen.getByRole('heading', { name: '管理画面を開けませんでした' })).toBeTruthy();
    expect(screen.getByText('法人のページに戻り、「この医院の管理画面を開く」からもう一度開いてください。')).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/handoff');
    expect(window.location.hash).toBe('');
  });

  it('says so when the address carries no token, asking nothing', async () => {
    window.history.replaceState(null, '', '/admin/handoff');
    const sent = stubHandoff({ result: {} });
    render(<HandoffScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('このページのアドレスに、開くための情報がありません。');
    expect(sent).toEqual([]);
  });
});
