// Browser tests run against the real built client: build it once per run, before any test starts.
import { execFileSync } from 'node:child_process';

export default function setup() {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
}
