// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FnError } from '../api/fn.js';
import { LoginScreen } from './LoginScreen.js';

afterEach(cleanup);

describe('staff login form', () => {
  it('sends username and password and shows the server’s refusal', async () => {
    const tried: string[][] = [];
    render(
      <LoginScreen
        onSignIn={async (username, password) => {
          tried.push([username, password]);
          throw new FnError('UNAUTHENTICATED', 'ユーザー名またはパスワードが正しくありません。');
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('ユーザー名'), { target: { value: 'desk1' } });
    fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('ユーザー名またはパスワードが正しくありません。'));
    expect(tried).toEqual([['desk1', 'wrong-password']]);
    expect((screen.getByRole('button', { name: 'ログイン' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
