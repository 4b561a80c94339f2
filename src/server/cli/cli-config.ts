/**
 * The settings every command line reads, as the server does (the environment and `.env`). A bad setting
 * gets the server's clear message, not a stack trace: `report` prints it, and the command exits 1.
 */
import { type Config, ConfigError, loadConfig } from '../config.js';

export function loadCliConfig(report: (message: string) => void = (message) => console.error(message)): Config | null {
  try {
    process.loadEnvFile();
  } catch {
    // no .env: the environment alone is fine
  }
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    report(err.message);
    return null;
  }
}
