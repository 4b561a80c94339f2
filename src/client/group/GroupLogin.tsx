/**
 * The group account's sign-in: the staff sign-in's form and look (LoginScreen.tsx), with the group's title.
 * Its own few lines rather than LoginScreen itself, whose texts come from the whole staff catalogue.
 */
import { type FormEvent, useState } from 'react';
import { errorText } from './api.js';
import { gt } from './labels.js';

export function GroupLogin({ onSignIn }: { onSignIn(username: string, password: string): Promise<void> }) {
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
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <main className="group-login">
      <form className="card group-login-card" onSubmit={submit} aria-labelledby="group-login-title">
        <h1 id="group-login-title">{gt('group.login.title')}</h1>
        <label className="group-field">
          <span>{gt('group.login.username')}</span>
          <input name="username" autoComplete="username" required autoFocus maxLength={64} autoCapitalize="none" />
        </label>
        <label className="group-field">
          <span>{gt('group.login.password')}</span>
          <input name="password" type="password" autoComplete="current-password" required maxLength={256} />
        </label>
        {error && (
          <p className="error-line" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? gt('group.login.submitting') : gt('group.login.submit')}
        </button>
      </form>
    </main>
  );
}
