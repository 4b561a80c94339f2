/**
 * `npm run doctor [-- --clinic <id>]`: checks what each clinic of the store needs before its first morning
 * (its hosts, LINE Login and LIFF, the Messaging API token and quota, the public origin, its staff accounts),
 * each against the channels that clinic runs with, after what the deployment shares (the store, the server
 * secret, Web Push, the proxy, the clock). Prints one line per check with what to do, grouped by clinic.
 * Exits 1 when any check fails.
 */
import { loadCliConfig } from './cli-config.js';
import { exitCodeOf, formatSections } from '../ops/doctor/checks.js';
import { doctorSections } from '../ops/doctor/clinic-checks.js';
import { gatherDeployment } from '../ops/doctor/clinic-facts.js';

const USAGE = 'usage: npm run doctor [-- --clinic <id>]';

async function main(args: string[]): Promise<number> {
  const at = args.indexOf('--clinic');
  const only = at >= 0 ? args[at + 1] : undefined;
  if ((at >= 0 && !only) || args.length !== (at >= 0 ? 2 : 0)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig((message) =>
    console.log(`fail  configuration  ${message.replace(/\n\s*/g, '; ')}. To do: correct these variables (README, Configuration)`),
  );
  if (!config) return 1;
  console.log(`clinic-queue doctor: checking with LINE at ${config.LINE_API_BASE_URL} (timeout ${config.DOCTOR_TIMEOUT_SECONDS} s)\n`);
  const sections = doctorSections(await gatherDeployment(config, only));
  console.log(formatSections(sections));
  return exitCodeOf(sections.flatMap((s) => s.results));
}

// Exit at once: a store that never answered may still hold a connection attempt open.
process.exit(await main(process.argv.slice(2)));
