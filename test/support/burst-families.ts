/**
 * A burst of families (docs/decisions/053), shared by the burst test and `npm run bench`: who asks for how
 * many numbers, and what must be true of the answers — every family whole or refused whole, its numbers
 * next to each other among the numbers online may take, every number once, refusals only in the
 * catalogue's words for "none left for you".
 */
import type { TimedAnswer } from './burst.js';

/** Caller i asks for this many numbers together: singles, pairs and threes, 1.75 numbers a caller on average. */
export const familySize = (i: number): number => [1, 2, 1, 3][i % 4];

/** Caller i's payload: one number as today, or a family with a short name per member. */
export const familyPayload = (i: number) => {
  const size = familySize(i);
  return size === 1 ? { reservedType: 'PWA' } : { reservedType: 'PWA', members: Array.from({ length: size }, (_, m) => (m === 0 ? '' : `こ${m}`)) };
};

type FamilyAnswer = TimedAnswer<{ reservationNumber?: number; family?: { reservationNumber: number }[] | null }>;

/**
 * What is wrong with a family burst's answers, given the numbers it must give in order (empty: nothing).
 * `refusals`: the messages a refused caller may read.
 */
export function familyBurstProblems(answers: readonly FamilyAnswer[], expected: readonly number[], refusals: readonly string[]): string[] {
  const problems: string[] = [];
  const place = new Map(expected.map((n, i) => [n, i]));
  const given: number[] = [];
  answers.forEach((answer, i) => {
    if (answer.status !== 200) {
      const message = (answer.body.error as { message?: string } | undefined)?.message ?? '';
      if (answer.status !== 429 || answer.body.error?.status !== 'RESOURCE_EXHAUSTED' || !refusals.includes(message)) {
        problems.push(`caller ${i}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
      }
      return;
    }
    const numbers = (answer.body.result?.family ?? []).map((c) => c.reservationNumber);
    if (numbers.length !== familySize(i)) problems.push(`caller ${i} asked for ${familySize(i)} and got ${numbers.join(',') || 'no card'}`);
    const places = numbers.map((n) => place.get(n) ?? -1);
    if (places.some((p, k) => p < 0 || (k > 0 && p !== places[k - 1] + 1))) problems.push(`caller ${i}: family ${numbers.join(',')} not together`);
    given.push(...numbers);
  });
  const sorted = [...given].sort((a, b) => a - b);
  if (new Set(sorted).size !== sorted.length) problems.push('a number given twice');
  if (sorted.join(',') !== expected.join(',')) problems.push(`gave ${sorted.length} numbers, expected ${expected.length}`);
  return problems;
}
