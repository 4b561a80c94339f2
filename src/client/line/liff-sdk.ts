/**
 * The LIFF SDK as we use it: LINE's pluggable build (`@line/liff/core` plus only the modules we call)
 * instead of the whole SDK. Same API, about 10 KB (gzip) less in /line's first load, which is budgeted
 * against /web's (build/budget.ts, docs/decisions/021). A call we do not register here is missing from
 * the SDK object at run time: add its module beside the others (the LiffSdk type in liff.ts lists them).
 */
import liff from '@line/liff/core';
import GetAccessToken from '@line/liff/get-access-token';
import GetFriendship from '@line/liff/get-friendship';
import GetIDToken from '@line/liff/get-id-token';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';

liff.use(new IsLoggedIn());
liff.use(new Login());
liff.use(new GetIDToken());
liff.use(new GetFriendship());
liff.use(new GetAccessToken());

export default liff;
