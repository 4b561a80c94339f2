/**
 * The web sign-in learns from LINE whether the patient added the clinic's official account: a patient who
 * has not is told how, since LINE would accept the clinic's notices for them and deliver nothing.
 */
import { afterAll, expect, it } from 'vitest';
import { lineWebEnv, randomLineUserId, startFakeLine } from '../fakes/line-server.js';
import { describeBrowser, PHONES, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

const LINE_IN_APP = { ...PHONES.iphone, userAgent: `${PHONES.iphone.userAgent} Line/15.12.1` };

describeBrowser('LINE official account friendship', () => {
  const screen = staffScreen({
    per: 'file',
    fake: startFakeLine,
    server: (fake) => ({ env: { ...lineWebEnv(fake), LINE_OFFICIAL_ACCOUNT_URL: 'https://line.example/clinic' } }),
  });
  afterAll(() => {
    expect(screen.fake.unexpected).toEqual([]);
  });

  async function signInAs(userId: string) {
    screen.fake.authorizeAs = { userId, displayName: '高橋 三郎' };
    const page = await (await screen.browser.newContext(LINE_IN_APP)).newPage();
    await page.goto(`${screen.server.url}/line/book`);
    // Reception is closed in this test: the signed-in Book screen shows the closed card.
    await page.getByText('ただいまオンライン受付時間外です').waitFor();
    // Signed in (the friendship is known from here on), so an absent notice really means "not shown".
    await page.waitForFunction(() => sessionStorage.getItem('line_token') !== null);
    return page;
  }

  it('asks a patient who is not a friend to add the account, with its link', async () => {
    const userId = randomLineUserId();
    screen.fake.notFriends.add(userId);
    const page = await signInAs(userId);
    const add = page.getByRole('link', { name: '友だち追加する' });
    expect(await add.getAttribute('href')).toBe('https://line.example/clinic');
    expect(await page.getByText('お知らせをLINEで受け取るには').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('line-add-friend') });
    await page.goto(`${screen.server.url}/line/all`); // stays known for the tab, on every patient screen
    await add.waitFor();
    await page.context().close();
  });

  it('says nothing to a patient who is a friend', async () => {
    const page = await signInAs(randomLineUserId());
    expect(await page.getByRole('link', { name: '友だち追加する' }).count()).toBe(0);
    await page.context().close();
  });
});
