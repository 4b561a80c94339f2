// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import GroupApp from './GroupApp.js';
import { overview, stubServer, threeClinics } from './test-support.js';

const unauthenticated = { error: { status: 'UNAUTHENTICATED', message: 'ログインしてください。' } };

beforeEach(() => window.history.replaceState(null, '', '/group/'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('the group page', () => {
  it('signs in, then shows every clinic at a glance and their figures side by side', async () => {
    let signedIn = false;
    const asked = stubServer((call, body) => {
      if (call === 'GET /api/group/me') return signedIn ? { result: { username: 'hojin' } } : unauthenticated;
      if (call === 'POST /api/group/login') {
        const { password } = body as { password: string };
        if (password !== 'right') return { error: { status: 'UNAUTHENTICATED', message: 'ユーザー名またはパスワードが正しくありません。' } };
        signedIn = true;
        return { result: { username: 'hojin' } };
      }
      if (call === 'GET /api/group/overview') return signedIn ? { result: overview() } : unauthenticated;
      throw new Error(`unexpected ${call}`);
    });
    render(<GroupApp />);
    await screen.findByRole('heading', { name: '法人の管理者ログイン' });
    fireEvent.change(screen.getByLabelText('ユーザー名'), { target: { value: 'hojin' } });
    fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ユーザー名またはパスワードが正しくありません。');
    fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));

    const aoba = await screen.findByRole('region', { name: 'あおば医院' });
    expect(within(aoba).getByText('稼働中')).toBeTruthy();
    expect(within(aoba).getByText('ネット受付中')).toBeTruthy();
    const rows = within(aoba).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['受付項目待ち人数呼出中', '一般7人12', '発熱外来0人なし']);
    const sakura = screen.getByRole('region', { name: 'さくら医院' });
    expect(within(sakura).getByText('ネット受付は休止中')).toBeTruthy();
    expect(within(sakura).getAllByRole('row')[1].textContent).toBe('一般2人A3');
    const midori = screen.getByRole('region', { name: 'みどり医院' });
    expect(within(midori).getByText('停止中（運営者が停止）')).toBeTruthy();
    expect(within(midori).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'この医院の管理画面を開く' })).toHaveLength(2);

    const table = screen.getByRole('table', { name: '医院ごとの統計（2026-12-02〜2026-12-02）' });
    const cells = within(table).getAllByRole('row').map((r) => Array.from(r.children, (c) => c.textContent));
    expect(cells).toEqual([
      ['項目', 'あおば医院', 'さくら医院', 'みどり医院'],
      ['受付数（全経路）', '18', '5', '–'],
      ['診察開始', '15', '4', '–'],
      ['患者によるキャンセル', '2', '0', '–'],
      ['スタッフによる削除', '1', '0', '–'],
      ['不在（保留のまま診察なし）', '1', '0', '–'],
      ['待ち時間 中央値（分）', '20.5', '–', '–'],
      ['待ち時間 90パーセンタイル（分）', '45', '–', '–'],
      ['待ち時間の目安の範囲内（%）', '82.5', '–', '–'],
    ]);
    // Today in Tokyo, for the day: one call once signed in, none before.
    const overviews = asked.filter((a) => a.path.startsWith('/api/group/overview')).map((a) => a.path);
    expect(overviews).toHaveLength(1);
    expect(overviews[0]).toMatch(/^\/api\/group\/overview\?period=day&date=\d{4}-\d{2}-\d{2}$/);
  });

  it('asks for the period and day chosen', async () => {
    const asked = stubServer((call) => (call === 'GET /api/group/me' ? { result: { username: 'hojin' } } : { result: overview() }));
    render(<GroupApp />);
    await screen.findByRole('region', { name: 'あおば医院' });
    fireEvent.click(screen.getByRole('radio', { name: '月' }));
    fireEvent.change(screen.getByLabelText('日付'), { target: { value: '2026-11-15' } });
    await waitFor(() => expect(asked[asked.length - 1].path).toBe('/api/group/overview?period=month&date=2026-11-15'));
  });

  it('asks again every 15 seconds while the tab is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let waiting = 7;
    const asked = stubServer((call) => {
      if (call === 'GET /api/group/me') return { result: { username: 'hojin' } };
      const clinics = threeClinics();
      clinics[0].queues[0].waiting = waiting;
      return { result: overview(clinics) };
    });
    const overviews = () => asked.filter((a) => a.path.startsWith('/api/group/overview')).length;
    render(<GroupApp />);
    const aoba = await screen.findByRole('region', { name: 'あおば医院' });
    expect(overviews()).toBe(1);
    waiting = 9;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(within(aoba).getAllByRole('row')[1].textContent).toBe('一般9人12'));
    expect(overviews()).toBe(2);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(overviews()).toBe(2);
    // Shown again: it asks at once.
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(overviews()).toBe(3));
  });

  it('goes back to the sign-in when the session is gone, and signs out', async () => {
    let session = true;
    const asked = stubServer((call) => {
      if (call === 'POST /api/group/logout') return { result: { ok: true } };
      if (call === 'GET /api/group/me') return { result: { username: 'hojin' } };
      return session ? { result: overview() } : unauthenticated;
    });
    render(<GroupApp />);
    await screen.findByRole('region', { name: 'あおば医院' });
    fireEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    await screen.findByRole('heading', { name: '法人の管理者ログイン' });
    expect(asked.some((a) => a.method === 'POST' && a.path === '/api/group/logout')).toBe(true);
    cleanup();
    session = false;
    render(<GroupApp />);
    await screen.findByRole('heading', { name: '法人の管理者ログイン' });
  });
});
