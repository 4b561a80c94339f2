/**
 * A catalogue line with its value in a span of its own, so the value can be set larger whatever words the
 * language puts before and after it.
 */
import type { ReactNode } from 'react';

/** `line` words the line with `mark` where the value goes. */
export function ValueInLine({ line, value, className }: { line(mark: string): string; value: ReactNode; className: string }) {
  const [before, after] = line('\u0000').split('\u0000');
  return (
    <>
      {before}
      <span className={className}>{value}</span>
      {after}
    </>
  );
}
