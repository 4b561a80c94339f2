/** Patients prove who they are: a PWA install id, or a LINE Login code. Both get a signed bearer token. */
import type { FunctionSet } from '../http/function-def.js';

export const identityFunctions: FunctionSet<'exchangePwaInstallation' | 'exchangeLineCode' | 'exchangeLineIdToken'> = {
  exchangePwaInstallation: {
    async run({ installId }, request, deps) {
      const uid = `PWA_${installId.toLowerCase()}`;
      const known = await deps.store.db.selectFrom('pwa_users').select('uid').where('uid', '=', uid).executeTakeFirst();
      // Anonymous identities cost nothing to mint: new ones are limited per client address.
      if (!known) {
        await deps.abuse.checkNewIdentity(request);
        const created = await deps.store.db
          .insertInto('pwa_users')
          .values({ uid, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('uid').doNothing())
          .executeTakeFirst();
        if (Number(created.numInsertedOrUpdatedRows ?? 0) > 0) await deps.abuse.countNewIdentity(request);
      }
      return { customToken: await deps.tokens.issue({ uid, channel: 'PWA' }), uid };
    },
  },
  exchangeLineCode: {
    async run({ code, redirectUri, codeVerifier, nonce }, _request, deps) {
      const { profile, friendFlag } = await deps.lineLogin.exchangeCode({ code, redirectUri, codeVerifier, nonce });
      const customToken = await deps.tokens.issue({ uid: profile.userId, channel: 'LINE' });
      return { profile, customToken, friendFlag };
    },
  },
  exchangeLineIdToken: {
    async run({ idToken }, _request, deps) {
      const profile = await deps.lineLogin.verifyIdToken(idToken);
      return { profile, customToken: await deps.tokens.issue({ uid: profile.userId, channel: 'LINE' }) };
    },
  },
};
