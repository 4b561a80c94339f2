/**
 * A password for a command line: from the environment variable `envName` or the first line of standard input,
 * never from the command line itself, where other users of the machine could read it.
 */
import { createInterface } from 'node:readline';

export async function readPassword(envName: string): Promise<string> {
  if (process.env[envName]) return process.env[envName];
  if (process.stdin.isTTY) process.stderr.write('Password (8+ characters): ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  return '';
}
