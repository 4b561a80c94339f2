/**
 * The function route checks the envelope by hand (http/function-routes.ts, decision 022): on any JSON
 * value it must agree with envelopeSchema, the wire contract's zod schema, and hand over the same `data`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../shared/schemas/functions.js';
import { envelopeData } from './function-routes.js';

function agree(body: unknown) {
  const expected = envelopeSchema.safeParse(body);
  const data = envelopeData(body);
  if (expected.success) expect(data).toEqual(expected.data.data);
  else expect(typeof data).toBe('symbol');
  return expected.success;
}

describe('the envelope check', () => {
  it('agrees with envelopeSchema on chosen bodies', () => {
    const accepted = [{}, { data: {} }, { data: null }, { data: [1] }, { data: 'x' }, JSON.parse('{"data":{"__proto__":1}}')];
    const refused = [null, [], [{ data: {} }], 'data', 1, true, { data: {}, extra: 1 }, { Data: {} }, JSON.parse('{"__proto__":{"data":1}}')];
    for (const body of accepted) expect(agree(body), JSON.stringify(body)).toBe(true);
    for (const body of refused) expect(agree(body), JSON.stringify(body)).toBe(false);
  });

  it('agrees with envelopeSchema on any JSON', () => {
    const body = fc.oneof(fc.jsonValue(), fc.record({ data: fc.jsonValue() }), fc.dictionary(fc.constantFrom('data', 'dat', 'extra', 'constructor', 'toString'), fc.jsonValue()));
    fc.assert(fc.property(body, (value) => void agree(value)), { numRuns: 3000 });
  });
});
