/** The 200 % text check shared by the a11y and English suites. */
import type { Page } from 'playwright-core';

/** What keeps a control from being used at 200 %: off screen sideways, or covered where one would tap. */
export async function unusableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]');
    for (const control of controls) {
      const name = `${control.tagName.toLowerCase()} "${(control.innerText || control.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
      if (control.closest('[hidden], [aria-hidden="true"]') || control.getClientRects().length === 0) continue;
      control.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = control.getBoundingClientRect();
      if (box.left < -1 || box.right > window.innerWidth + 1) problems.push(`${name} sticks out sideways`);
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + Math.min(box.height, 40) / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(control === hit || control.contains(hit))) problems.push(`${name} is covered by ${hit?.outerHTML.slice(0, 80)}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) {
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
        .slice(0, 4);
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth}): ${wide.join(', ')}`);
    }
    return problems;
  });
}
