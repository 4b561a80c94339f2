/**
 * axe-core in the page, without weakening the product's CSP: the source is evaluated through the DevTools
 * protocol (Playwright's evaluate, i.e. Runtime.evaluate), which the page's script-src does not govern, so
 * no <script> tag and no 'unsafe-inline' is needed. Fails on any serious or critical violation, listing
 * each with its rule, help text and the elements it found.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

export async function axeViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** For a screen that must be clean of every violation, moderate and minor included. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const listed = (await axeViolations(page)).map((v) => `${v.impact} ${v.id}: ${v.help}`);
  expect(listed, `axe on ${label}`).toEqual([]);
}

export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const listed = serious.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(listed, `axe on ${label}`).toEqual([]);
}
