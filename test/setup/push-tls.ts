/**
 * The fake push service speaks https, as real ones do (our server refuses http endpoints). Each run makes
 * its own self-signed certificate for 127.0.0.1 and has the test processes trust it through
 * NODE_EXTRA_CA_CERTS. Node reads that variable only when a process starts, so it is set here, in the main
 * process, before vitest forks its workers: they inherit it (test/pwa/push-tls.test.ts checks that a worker
 * really trusts the certificate). Nothing in the server knows about it; it trusts what Node trusts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PEM paths of the run's certificate for the fake push service (test/fakes/push-service.ts). */
    pushTls: { cert: string; key: string };
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cq-push-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=fake push service',
    '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'pipe' });
  process.env.NODE_EXTRA_CA_CERTS = cert;
  project.provide('pushTls', { cert, key });
  return () => rmSync(dir, { recursive: true, force: true });
}
