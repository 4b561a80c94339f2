/** Staff sign-in: username and password; the server's refusal is shown as it says it. */
import { type FormEvent, useState } from 'react';
import { t } from './labels.js';
import { FnError } from '../api/fn.js';

export function LoginScreen({ onSignIn }: { onSignIn(username: string, password: string): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await onSignIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    } catch (err) {
      setError(err instanceof FnError ? err.message : t('error.internal'));
      setBusy(false);
    }
  }

  return (
    <main className="admin-login">
      <form className="card admin-login-card" onSubmit={submit} aria-labelledby="admin-login-title">
        <h1 id="admin-login-title">{t('admin.login.title')}</h1>
        <label className="admin-field">
          <span>{t('admin.login.username')}</span>
          <input name="username" autoComplete="username" required autoFocus maxLength={64} autoCapitalize="none" />
        </label>
        <label className="admin-field">
          <span>{t('admin.login.password')}</span>
          <input name="password" type="password" autoComplete="current-password" required maxLength={256} />
        </label>
        {error && (
          <p className="error-line" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? t('admin.login.submitting') : t('admin.login.submit')}
        </button>
      </form>
    </main>
  );
}
