/**
 * LINE delivers pushes only to patients who added the clinic's official account, yet answers 200 either
 * way: sign-in tells the app whether the patient is a friend, and never fails over it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callFn } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { LINE_PATHS, lineEnv, randomLineUserId, startFakeLine, type FakeLine } from '../fakes/line-server.js';

const redirectUri = 'https://clinic.example/line/callback?to=book';
let fake: FakeLine;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startTestServer({ env: lineEnv(fake) });
});
afterEach(() => expect(fake.unexpected).toEqual([]));
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

type Exchange = { result: { profile: { userId: string }; customToken: string; friendFlag: boolean | null } };

async function signIn(userId: string) {
  const code = fake.issueCode({ userId, displayName: '佐藤 花子', redirectUri });
  const answer = await callFn(server.url, 'exchangeLineCode', { code, state: 'st', redirectUri });
  expect(answer.status).toBe(200);
  return (answer.body as Exchange).result;
}

describe('the friendship with the official account at sign-in', () => {
  it('is asked of LINE with the patient’s own access token', async () => {
    const start = fake.requests.length;
    expect((await signIn(randomLineUserId())).friendFlag).toBe(true);
    const asked = fake.requests.slice(start).find((r) => r.path === LINE_PATHS.friendship)!;
    const profile = fake.requests.slice(start).find((r) => r.path === LINE_PATHS.profile)!;
    expect(asked.headers.authorization).toBe(profile.headers.authorization);
  });

  it('says false for a patient who has not added the account', async () => {
    const userId = randomLineUserId();
    fake.notFriends.add(userId);
    expect((await signIn(userId)).friendFlag).toBe(false);
  });

  it('says null, and still signs the patient in, when LINE cannot answer', async () => {
    fake.failNext(1, 500, LINE_PATHS.friendship);
    const result = await signIn(randomLineUserId());
    expect(result.friendFlag).toBeNull();
    expect(result.customToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
