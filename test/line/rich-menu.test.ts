/**
 * `npm run line:richmenu` against the fake LINE: the real command as a process for the runs an IT person
 * makes, its main function (with a short timeout) for LINE failing part-way.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addRichMenu, type FakeLineMessaging, type RichMenuCall, startFakeLineMessaging } from '../fakes/line-messaging.js';
import { run } from '../process/process-support.js';
import { loadConfig } from '../../src/server/config.js';
import { richMenuCommand } from '../../src/server/line/rich-menu/command.js';
import { liffUrls, RICH_MENU_NAME } from '../../src/server/line/rich-menu/menu.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';

const LIFF_ID = '1650000000-AbCd';
const dirs: string[] = [];
let fake: FakeLineMessaging;
beforeEach(async () => {
  fake = await startFakeLineMessaging();
});
afterEach(() => fake.close());
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const lineEnv = () => ({
  LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: fake.richMenus.token,
  LINE_LIFF_ID: LIFF_ID,
  LINE_API_BASE_URL: fake.url,
  LINE_API_DATA_BASE_URL: fake.url,
});

async function richMenuCli(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cq-richmenu-'));
  dirs.push(dataDir);
  return run('src/server/cli/richmenu.ts', [], { DATA_DIR: dataDir, ...env }).exited;
}

const ours = () => [...fake.richMenus.menus.values()].filter((m) => m.body.name === RICH_MENU_NAME);

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function expectOneGoodMenu() {
  expect(ours()).toHaveLength(1);
  const menu = ours()[0]!;
  const body = menu.body as {
    size: { width: number; height: number };
    chatBarText: string;
    areas: { bounds: { x: number; y: number; width: number; height: number }; action: { type: string; uri: string; label: string } }[];
  };
  expect(body.size).toEqual({ width: 2500, height: 843 });
  expect(body.chatBarText).toBe(label(staffLabels, 'ja', 'nav.label'));
  expect(body.areas.map((a) => [a.action.type, a.action.label, a.action.uri])).toEqual([
    ['uri', label(staffLabels, 'ja', 'nav.all'), `https://liff.line.me/${LIFF_ID}/all`],
    ['uri', label(staffLabels, 'ja', 'nav.book'), `https://liff.line.me/${LIFF_ID}/book`],
    ['uri', label(staffLabels, 'ja', 'nav.my'), `https://liff.line.me/${LIFF_ID}/my`],
  ]);
  // The areas tile the image: side by side from x 0 to its width, each the full height.
  let x = 0;
  for (const { bounds } of body.areas) {
    expect(bounds).toMatchObject({ x, y: 0, height: body.size.height });
    expect(bounds.width).toBeGreaterThan(0);
    x += bounds.width;
  }
  expect(x).toBe(body.size.width);
  expect(menu.image?.contentType).toBe('image/png');
  expect(menu.image!.bytes.length).toBeLessThanOrEqual(1024 * 1024);
  expect(pngSize(menu.image!.bytes)).toEqual(body.size);
  expect(fake.richMenus.defaultId).toBe(menu.richMenuId);
  return menu.richMenuId;
}

describe('npm run line:richmenu', () => {
  it('makes the three-tab menu with its image as the default; a second run replaces it and spares other menus', { timeout: 120_000 }, async () => {
    const foreign = addRichMenu(fake.richMenus, { name: 'campaign', chatBarText: 'キャンペーン', size: { width: 2500, height: 843 }, areas: [] });

    const first = await richMenuCli(lineEnv());
    expect(first.code, first.stderr).toBe(0);
    const firstId = expectOneGoodMenu();
    expect(first.stdout).toContain(`the rich menu ${firstId} is the default`);

    const second = await richMenuCli(lineEnv());
    expect(second.code, second.stderr).toBe(0);
    const secondId = expectOneGoodMenu();
    expect(secondId).not.toBe(firstId);
    expect(fake.richMenus.menus.has(firstId)).toBe(false);
    expect(fake.richMenus.menus.has(foreign)).toBe(true);
    // The earlier menu goes only once the new one is the default: patients are never without a menu.
    const calls = fake.richMenus.calls;
    expect(calls.indexOf(`delete ${firstId}`)).toBeGreaterThan(calls.indexOf(`setDefault ${secondId}`));
    expect(fake.unexpected).toEqual([]);
  });

  it('says what is missing and calls nobody when LINE is not configured', { timeout: 60_000 }, async () => {
    const result = await richMenuCli({ LINE_API_BASE_URL: fake.url, LINE_API_DATA_BASE_URL: fake.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('LINE_MESSAGING_CHANNEL_ACCESS_TOKEN is not set');
    expect(result.stderr).toContain('LINE_LIFF_ID is not set');
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(fake.richMenus.calls).toEqual([]);
  });

  it('--preview writes the PNG without LINE or its settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cq-richmenu-'));
    dirs.push(dir);
    const out: string[] = [];
    const code = await richMenuCommand(['--preview', join(dir, 'menu.png')], loadConfig({}), { out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code).toBe(0);
    expect(pngSize(readFileSync(join(dir, 'menu.png')))).toEqual({ width: 2500, height: 843 });
    expect(fake.richMenus.calls).toEqual([]);
  });
});

describe('npm run line:richmenu with LINE refusing the token', () => {
  it('names the token, creates nothing', async () => {
    const errors: string[] = [];
    const env = { ...lineEnv(), LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'a-login-channel-secret' };
    const code = await richMenuCommand([], loadConfig(env), { out: () => {}, err: (l) => errors.push(l) });
    expect(code).toBe(1);
    expect(errors.join('\n')).toMatch(/LINE answered 401 .*LINE_MESSAGING_CHANNEL_ACCESS_TOKEN/);
    expect(fake.richMenus.menus.size).toBe(0);
    expect(fake.richMenus.calls).toEqual(['list']);
  });
});

describe('the menu\'s LIFF URLs', () => {
  it('use a page\'s own LIFF id when the clinic has one, the general id otherwise', () => {
    // The same URLs as the mini-app's own links: a page's own app has that page as its endpoint.
    expect(liffUrls({ liffId: 'G-1', liffIds: { book: 'B-2', all: null, my: null } })).toEqual({
      all: 'https://liff.line.me/G-1/all',
      book: 'https://liff.line.me/B-2',
      my: 'https://liff.line.me/G-1/my',
    });
    expect(liffUrls({ liffId: null, liffIds: { book: 'B-2', all: null, my: null } })).toBeNull();
  });
});

describe('npm run line:richmenu when LINE fails part-way', () => {
  const cases: [RichMenuCall, number | 'hang', RegExp][] = [
    ['list', 'hang', /GET \/v2\/bot\/richmenu\/list: no answer within/],
    ['create', 500, /LINE answered 500 to POST \/v2\/bot\/richmenu/],
    ['upload', 500, /LINE answered 500 to POST \/v2\/bot\/richmenu\/richmenu-\w+\/content/],
    ['upload', 'hang', /\/content: no answer within/],
    ['setDefault', 500, /LINE answered 500 to POST \/v2\/bot\/user\/all\/richmenu\//],
    // LINE may have made it the default before the answer was lost: the old default must come back.
    ['setDefault', 'hang', /POST \/v2\/bot\/user\/all\/richmenu\/richmenu-\w+: no answer within/],
  ];
  for (const withDefault of ['our earlier menu', 'a menu of the clinic’s own', 'no menu'] as const) {
    it.each(cases)(`${withDefault} stays the default when %s answers %s, and nothing is left behind`, async (call, answer, message) => {
      // The state before: a menu this command made earlier, one it did not, and one of them (or none) default.
      const earlier = addRichMenu(fake.richMenus, { name: RICH_MENU_NAME, chatBarText: 'メニュー', size: { width: 2500, height: 843 }, areas: [] });
      const foreign = addRichMenu(fake.richMenus, { name: 'campaign', chatBarText: 'キャンペーン', size: { width: 2500, height: 843 }, areas: [] });
      const defaultId = { 'our earlier menu': earlier, 'a menu of the clinic’s own': foreign, 'no menu': null }[withDefault];
      fake.richMenus.defaultId = defaultId;
      fake.richMenus.script[call] = [answer];

      const errors: string[] = [];
      const code = await richMenuCommand([], loadConfig(lineEnv()), { out: () => {}, err: (l) => errors.push(l) }, { timeoutMs: 300 });

      expect(code).toBe(1);
      expect(errors.join('\n')).toMatch(/^the rich menu was not made: /);
      expect(errors.join('\n')).toMatch(message);
      expect(errors.join('\n')).toContain('nothing was changed');
      expect([...fake.richMenus.menus.keys()].sort()).toEqual([earlier, foreign].sort());
      expect(fake.richMenus.defaultId).toBe(defaultId);
    });
  }
});
