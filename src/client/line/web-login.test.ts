// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../shared/schemas/functions.js';
import { LineAuthError } from './auth-error.js';
import { finishWebLogin, OAUTH_STATE_KEY, type PendingLogin, prepareWebLogin } from './web-login.js';

/** The LineAuthError a sign-in step refused with (fails the test if it did not refuse). */
function refusal(attempt: Promise<unknown>): Promise<LineAuthError> {
  return attempt.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => err as LineAuthError,
  );
}


afterEach(() => localStorage.clear());

const line: ClientConfig['line'] = {
  channelId: '1650000000',
  liffId: null,
  liffIds: { book: null, all: null, my: null },
  accessBaseUrl: 'https://access.line.me',
  officialAccountUrl: null,
  botPrompt: 'aggressive',
};

describe('authorize URL (LINE Login v2.1)', () => {
  it('asks for openid profile with state, nonce, PKCE S256 and bot_prompt', async () => {
    const { url, pending } = await prepareWebLogin(line, 'https://clinic.example', 'my');
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://access.line.me/oauth2/v2.1/authorize');
    const q = Object.fromEntries(parsed.searchParams);
    expect(q).toEqual({
      response_type: 'code',
      client_id: '1650000000',
      redirect_uri: 'https://clinic.example/line/callback?to=my',
      state: pending.state,
      scope: 'openid profile',
      nonce: pending.nonce,
      code_challenge: createHash('sha256').update(pending.codeVerifier!).digest('base64url'),
      code_challenge_method: 'S256',
      bot_prompt: 'aggressive',
    });
    expect(pending.redirectUri).toBe('https://clinic.example/line/callback?to=my');
    expect(pending.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    expect(pending.state).toMatch(/^[\w-]{43}$/);
  });

  it('makes a new random state every time', async () => {
    const a = await prepareWebLogin(line, 'https://clinic.example', 'book');
    const b = await prepareWebLogin(line, 'https://clinic.example', 'book');
    expect(a.pending.state).not.toBe(b.pending.state);
    expect(a.pending.nonce).not.toBe(b.pending.nonce);
  });

  it('leaves bot_prompt out when configured none, and can turn auto-login off', async () => {
    const { url } = await prepareWebLogin({ ...line, botPrompt: 'none' }, 'https://clinic.example', 'book', { disableAutoLogin: true });
    const q = new URL(url).searchParams;
    expect(q.has('bot_prompt')).toBe(false);
    expect(q.get('disable_auto_login')).toBe('true');
  });

  it('refuses to start without a channel id', async () => {
    await expect(prepareWebLogin({ ...line, channelId: null }, 'https://clinic.example', 'book')).rejects.toThrow(LineAuthError);
  });
});

describe('callback state checks', () => {
  const pending: PendingLogin = { state: 'saved-state', nonce: 'n', codeVerifier: null, redirectUri: 'https://clinic.example/line/callback?to=book' };
  const save = () => localStorage.setItem(OAUTH_STATE_KEY, JSON.stringify(pending));
  const finish = (query: string) => finishWebLogin(new URLSearchParams(query));

  it("'Missing state' without state in the callback", async () => {
    save();
    await expect(finish('code=c&to=book')).rejects.toThrow('Missing state');
  });

  it("'Missing state' when this browser saved none", async () => {
    await expect(finish('code=c&state=saved-state')).rejects.toThrow('Missing state');
  });

  it("'Invalid state' when it differs from the saved one", async () => {
    save();
    const refused = await refusal(finish('code=c&state=other'));
    expect(refused.message).toBe('Invalid state');
    expect(refused.detail).toBe('ログイン情報が一致しませんでした（Invalid state）');
  });

  it('uses the saved login once: a replay of the same callback is refused', async () => {
    save();
    await expect(finish('code=c&state=other')).rejects.toThrow('Invalid state');
    expect(localStorage.getItem(OAUTH_STATE_KEY)).toBeNull();
    await expect(finish('code=c&state=saved-state')).rejects.toThrow('Missing state');
  });

  it("shows LINE's own error when the patient declined", async () => {
    save();
    const refused = await refusal(finish('error=access_denied&error_description=denied+by+user&state=saved-state'));
    expect(refused.detail).toBe('LINEログインが完了しませんでした（denied by user）');
  });
});
