/**
 * `npm run line:richmenu [-- --preview <file.png>]`: creates the clinic's LINE rich menu (three tabs
 * opening the mini-app's pages) and makes it the default, replacing the one it made before.
 */
import { loadCliConfig } from './cli-config.js';
import { richMenuCommand } from '../line/rich-menu/command.js';

async function main(argv: string[]): Promise<number> {
  const config = loadCliConfig();
  if (!config) return 1;
  return richMenuCommand(argv, config, { out: (line) => console.log(line), err: (line) => console.error(line) });
}

process.exitCode = await main(process.argv.slice(2));
