/**
 * The /group route set: the group page of a group account (法人の管理者), at the deployment's group host
 * (docs/product.md, "/group"). Its own lazy chunk (build/budget.ts has its row), so neither a patient's nor
 * the desk's first load carries it. Signed out: the sign-in; signed in: the page (GroupPage.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { groupPaths } from '../routes/group.js';
import { Loading } from '../ui/Loading.js';
import { groupApi } from './api.js';
import { GroupLogin } from './GroupLogin.js';
import { GroupPage } from './GroupPage.js';
import { gt } from './labels.js';
import './group.css';

type Session = { kind: 'checking' } | { kind: 'signedOut' } | { kind: 'signedIn'; username: string };

/**
 * One page, so no router: another path under /group is put right in place. (Importing router.tsx here would
 * split it out of the patient screens' shared chunk, adding a file to their first load.)
 */
function toRoot() {
  if (window.location.pathname !== groupPaths.root) window.history.replaceState(null, '', groupPaths.root);
}

export default function GroupApp() {
  const [session, setSession] = useState<Session>({ kind: 'checking' });

  useEffect(() => {
    toRoot();
    document.title = gt('group.title');
    document.documentElement.lang = 'ja';
    let live = true;
    groupApi.me().then(
      ({ username }) => live && setSession({ kind: 'signedIn', username }),
      // Unreachable or refused alike: the sign-in, which says what is wrong when it is tried.
      () => live && setSession({ kind: 'signedOut' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const signIn = useCallback(async (username: string, password: string) => {
    const result = await groupApi.login(username, password);
    setSession({ kind: 'signedIn', username: result.username });
  }, []);
  const signOut = useCallback(async () => {
    await groupApi.logout().catch(() => undefined);
    setSession({ kind: 'signedOut' });
  }, []);
  const lost = useCallback(() => setSession({ kind: 'signedOut' }), []);

  if (session.kind === 'checking') return <Loading />;
  if (session.kind === 'signedOut') return <GroupLogin onSignIn={signIn} />;
  return <GroupPage username={session.username} onSignOut={() => void signOut()} onSignedOut={lost} />;
}
