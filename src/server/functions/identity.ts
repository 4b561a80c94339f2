/** Patients prove who they are: a PWA install id, or a LINE Login code. Both get a signed bearer token. */
import { ensurePwaIdentity } from '../domain/pwa-identity/apply.js';
import type { FunctionDef } from '../http/function-def.js';

export const exchangePwaInstallation: FunctionDef<'exchangePwaInstallation'> = {
  access: 'anyone',
  async run({ installId }, _caller, request, deps) {
    const uid = await ensurePwaIdentity(deps.store, installId, () => deps.abuse.reserveNewIdentity(request));
    return { customToken: await deps.tokens.issue({ uid, channel: 'PWA' }), uid };
  },
};

export const exchangeLineCode: FunctionDef<'exchangeLineCode'> = {
  access: 'anyone',
  async run({ code, redirectUri, codeVerifier, nonce }, _caller, request, deps) {
    // Every call spends the clinic's LINE channel, whatever LINE answers: reserved before LINE is asked.
    await deps.abuse.reserveLineSignIn(request);
    const { profile, friendFlag } = await deps.lineLogin.exchangeCode({ code, redirectUri, codeVerifier, nonce });
    const customToken = await deps.tokens.issue({ uid: profile.userId, channel: 'LINE' });
    return { profile, customToken, friendFlag };
  },
};

export const exchangeLineIdToken: FunctionDef<'exchangeLineIdToken'> = {
  access: 'anyone',
  async run({ idToken }, _caller, request, deps) {
    await deps.abuse.reserveLineSignIn(request);
    const profile = await deps.lineLogin.verifyIdToken(idToken);
    return { profile, customToken: await deps.tokens.issue({ uid: profile.userId, channel: 'LINE' }) };
  },
};
