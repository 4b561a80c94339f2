/**
 * `npm run line:richmenu [-- --preview <file.png>]`: creates the clinic's LINE rich menu (three tabs
 * opening the mini-app's pages) and makes it the default, replacing the one it made before.
 */
import { ConfigError, loadConfig } from '../config.js';
import { richMenuCommand } from '../line/rich-menu/command.js';

async function main(argv: string[]): Promise<number> {
  try {
    process.loadEnvFile();
  } catch {
    // no .env
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  return richMenuCommand(argv, config, { out: (line) => console.log(line), err: (line) => console.error(line) });
}

process.exitCode = await main(process.argv.slice(2));
