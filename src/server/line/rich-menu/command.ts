/**
 * `npm run line:richmenu`: the clinic's rich menu, made and set as default in one go. Also
 * `npm run line:richmenu -- --preview <file.png>`: writes the image only, to look at before publishing.
 */
import { writeFile } from 'node:fs/promises';
import { type Config, liffApps } from '../../config.js';
import { renderRichMenuPng } from './image.js';
import { LineCallError, richMenuApi } from './line-api.js';
import { liffUrls, richMenuRequest } from './menu.js';
import { publishRichMenu } from './publish.js';

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `usage: npm run line:richmenu                          create the rich menu and make it the default
       npm run line:richmenu -- --preview <file.png>   only write its image to a file`;

/** What is missing, each with where to find it; empty when the command can run. */
export function missingSettings(config: Config): string[] {
  const missing: string[] = [];
  if (!config.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN) {
    missing.push('LINE_MESSAGING_CHANNEL_ACCESS_TOKEN is not set: copy the channel access token (long-lived) from the LINE Developers console, Messaging API channel, "Messaging API" tab');
  }
  if (!liffUrls(liffApps(config))) {
    missing.push('LINE_LIFF_ID is not set (nor LINE_LIFF_ID_ALL, _BOOK and _MY): the menu opens the mini-app at https://liff.line.me/<LIFF id>/all, /book and /my; copy the id from the LINE Login channel\'s "LIFF" tab');
  }
  return missing;
}

export async function richMenuCommand(argv: string[], config: Config, io: CommandIo, options: { timeoutMs?: number } = {}): Promise<number> {
  if (argv.length > 0 && !(argv[0] === '--preview' && argv[1] && argv.length === 2)) {
    io.err(USAGE);
    return 2;
  }
  const png = renderRichMenuPng();
  if (argv[0] === '--preview') {
    await writeFile(argv[1]!, png);
    io.out(`rich menu image written to ${argv[1]} (2500×843, ${png.length} bytes); nothing was sent to LINE`);
    return 0;
  }
  const missing = missingSettings(config);
  if (missing.length > 0) {
    io.err(`the rich menu cannot be made yet:\n  ${missing.join('\n  ')}\nset them in .env and run npm run line:richmenu again`);
    return 1;
  }
  const api = richMenuApi({
    channelAccessToken: config.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN!,
    apiBaseUrl: config.LINE_API_BASE_URL,
    dataBaseUrl: config.LINE_API_DATA_BASE_URL,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const urls = liffUrls(liffApps(config))!;
  try {
    const done = await publishRichMenu(api, richMenuRequest(urls), png, io.out);
    io.out(`the rich menu ${done.richMenuId} is the default: ${Object.values(urls).join(', ')}`);
    if (done.replaced.length > 0) io.out(`deleted the earlier menu${done.replaced.length > 1 ? 's' : ''} ${done.replaced.join(', ')}`);
    if (done.leftOver.length > 0) {
      io.err(`the new menu is live, but LINE would not delete ${done.leftOver.join(', ')}: run npm run line:richmenu again to remove it`);
      return 1;
    }
    return 0;
  } catch (err) {
    if (!(err instanceof LineCallError)) throw err;
    io.err(`the rich menu was not made: ${err.message}`);
    return 1;
  }
}
