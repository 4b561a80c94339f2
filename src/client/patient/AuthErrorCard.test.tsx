// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthErrorCard } from './AuthErrorCard.js';

afterEach(cleanup);

describe('sign-in error card', () => {
  it("shows the channel's advice as an alert with the reason under it", () => {
    render(
      <AuthErrorCard
        message="認証に失敗しました。お手数ですが、LINEからもう一度アクセスしてください。"
        detail="ログイン情報が一致しませんでした（Invalid state）"
      />,
    );
    const card = screen.getByRole('alert');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '認証に失敗しました。お手数ですが、LINEからもう一度アクセスしてください。',
    );
    expect(card.textContent).toContain('Invalid state');
  });

  it('offers what the channel adds, such as trying again', () => {
    const retry = vi.fn();
    render(
      <AuthErrorCard message="認証に失敗しました。">
        <button type="button" onClick={retry}>
          もう一度ログインする
        </button>
      </AuthErrorCard>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'もう一度ログインする' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').querySelectorAll('p')).toHaveLength(0);
  });
});
