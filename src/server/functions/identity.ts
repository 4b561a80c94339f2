/** Patients prove who they are: a PWA install id, or a LINE Login code. Both get a signed bearer token. */
import type { FunctionSet } from '../http/function-def.js';

export const identityFunctions: FunctionSet<'exchangePwaInstallation' | 'exchangeLineCode' | 'exchangeLineIdToken'> = {
  exchangePwaInstallation: {
    async run({ installId }, request, deps) {
      const uid = `PWA_${installId.toLowerCase()}`;
      const known = await deps.store.db.selectFrom('pwa_users').select('uid').where('uid', '=', uid).executeTakeFirst();
      // Anonymous identities cost nothing to mint: new ones are limited per client address.
      if (!known) {
        const refund = await deps.abuse.reserveNewIdentity(request);
        let inserted = false;
        try {
          const created = await deps.store.db
            .insertInto('pwa_users')
            .values({ uid, created_at: new Date().toISOString() })
            .onConflict((oc) => oc.column('uid').doNothing())
            .executeTakeFirst();
          inserted = Number(created.numInsertedOrUpdatedRows ?? 0) > 0;
        } finally {
          // A concurrent exchange of the same install created it first: that one paid.
          if (!inserted) await refund();
        }
      }
      return { customToken: await deps.tokens.issue({ uid, channel: 'PWA' }), uid };
    },
  },
  exchangeLineCode: {
    async run({ code, redirectUri, codeVerifier, nonce }, request, deps) {
      // Every call spends the clinic's LINE channel, whatever LINE answers: reserved before LINE is asked.
      await deps.abuse.reserveLineSignIn(request);
      const { profile, friendFlag } = await deps.lineLogin.exchangeCode({ code, redirectUri, codeVerifier, nonce });
      const customToken = await deps.tokens.issue({ uid: profile.userId, channel: 'LINE' });
      return { profile, customToken, friendFlag };
    },
  },
  exchangeLineIdToken: {
    async run({ idToken }, request, deps) {
      await deps.abuse.reserveLineSignIn(request);
      const profile = await deps.lineLogin.verifyIdToken(idToken);
      return { profile, customToken: await deps.tokens.issue({ uid: profile.userId, channel: 'LINE' }) };
    },
  },
};
