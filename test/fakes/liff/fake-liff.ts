/**
 * A stand-in for @line/liff in browser tests (docs/decisions/008). The real SDK cannot run here: its
 * init talks to LINE's servers and the LINE app's native bridge. This fake keeps the two behaviours our
 * code depends on: init refuses (INIT_FAILED) when the page changed its URL before calling it, and a
 * `liff.state` parameter sends the browser on to the restored page while init never resolves.
 *
 * The test drives it through `window.__fakeLiff`, set with page.addInitScript before any page script.
 */

export interface FakeLiffControl {
  liffId: string;
  /** What getIDToken() returns: mint one with the fake LINE server's issueIdToken(). */
  idToken: string | null;
  loggedIn: boolean;
  /** The LIFF endpoint URL's path, where liff.state is resolved against. */
  endpointPath: string;
  /** location.href as the document started loading (recorded by the init script). */
  initialHref: string;
  /** Every SDK call made in this document, for assertions. */
  calls: string[];
  /** What getFriendship() answers (true when left out). */
  friendFlag?: boolean;
  /** What getAccessToken() returns (null when left out). */
  accessToken?: string | null;
}

declare global {
  interface Window {
    __fakeLiff?: FakeLiffControl;
  }
}

function control(): FakeLiffControl {
  const value = window.__fakeLiff;
  if (!value) throw new Error('fake LIFF: window.__fakeLiff is not set (page.addInitScript)');
  return value;
}

const liffError = (message: string) => Object.assign(new Error(message), { code: 'INIT_FAILED' });

const liff = {
  async init({ liffId }: { liffId: string }): Promise<void> {
    const c = control();
    c.calls.push(`init:${liffId}`);
    if (liffId !== c.liffId) throw liffError('Invalid LIFF ID');
    if (window.location.href !== c.initialHref) throw liffError('the URL changed before liff.init()');
    const state = new URLSearchParams(window.location.search).get('liff.state');
    if (state !== null) {
      const rest = state.startsWith('/') ? state : `/${state}`;
      window.location.replace(`${window.location.origin}${c.endpointPath}${rest}`);
      await new Promise<never>(() => {});
    }
  },
  isInClient: () => true,
  isLoggedIn: () => control().loggedIn,
  login: () => {
    control().calls.push('login');
  },
  getIDToken: (): string | null => {
    control().calls.push('getIDToken');
    return control().idToken;
  },
  getAccessToken: (): string | null => {
    control().calls.push('getAccessToken');
    return control().accessToken ?? null;
  },
  getFriendship: async (): Promise<{ friendFlag: boolean }> => {
    control().calls.push('getFriendship');
    return { friendFlag: control().friendFlag ?? true };
  },
};

export default liff;
