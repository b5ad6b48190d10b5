import { describe, expect, it, type RunnerTask as Task } from 'vitest';
import { Reply } from '../../../src/contract/suite/api.js';
import {
  failureContext,
  installAssertionHook,
  jsonDiff,
  toCurl,
} from '../../../src/contract/suite/failure.js';

describe('what a failure reports', () => {
  it('names each difference by its JSON path', () => {
    expect(
      jsonDiff(
        { data: { list: [{ listPrice: 100 }, { name: 'a' }], count: 2 } },
        { data: { list: [{ listPrice: 90 }, { name: 'a' }], count: 3 } },
      ),
    ).toEqual([
      '$.data.list[0].listPrice: expected 100, received 90',
      '$.data.count: expected 2, received 3',
    ]);
    expect(jsonDiff({ a: 1 }, {})).toEqual(['$.a: expected 1, received (absent)']);
    expect(jsonDiff({ 'x-y': [1] }, { 'x-y': [1, 2] })).toEqual([
      '$["x-y"][1]: expected (absent), received 2',
    ]);
  });

  it('lists extra keys only when nothing else differs', () => {
    expect(jsonDiff({ a: 1 }, { a: 1, b: 2 })).toEqual(['$.b: not expected, received 2']);
    expect(jsonDiff({ a: 1 }, { a: 2, b: 2 })).toEqual(['$.a: expected 1, received 2']);
  });

  it('looks inside objectContaining and arrayContaining', () => {
    expect(jsonDiff(expect.objectContaining({ x: { a: 1 } }), { x: { a: 2 }, y: 0 })).toEqual([
      '$.x.a: expected 1, received 2',
    ]);
    expect(jsonDiff(expect.arrayContaining([{ a: 1 }, { a: 2 }]), [{ a: 1 }, { a: 3 }])).toEqual([
      '$: lacks an element equal to {"a":2}',
    ]);
  });

  it('writes the request as curl with the token left out', () => {
    const curl = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:1/acme/dev/products-push',
      headers: { 'x-api-key': 'secret', authorization: 'Bearer secret', 'content-type': 'application/json' },
      body: `{"data":[{"productGroupId":"it's"}]}`,
    });
    expect(curl).not.toContain('secret');
    expect(curl).toBe(
      `curl -sS -X POST 'http://127.0.0.1:1/acme/dev/products-push' -H "x-api-key: $CONTRACT_API_KEY" ` +
        `-H "authorization: Bearer $CONTRACT_API_KEY" -H 'content-type: application/json' ` +
        `--data-raw '{"data":[{"productGroupId":"it'\\''s"}]}'`,
    );
  });

  it('repeats a token header sent blank as blank, not as $CONTRACT_API_KEY', () => {
    const curl = (headers: Record<string, string>) =>
      toCurl({ method: 'GET', url: 'http://127.0.0.1:1/acme/dev/product-types', headers });
    // `-H 'x-api-key;'` is how curl sends a header with an empty value
    expect(curl({ 'x-api-key': '' })).toBe(
      `curl -sS -X GET 'http://127.0.0.1:1/acme/dev/product-types' -H 'x-api-key;'`,
    );
    expect(curl({ authorization: 'Bearer ' })).toBe(
      `curl -sS -X GET 'http://127.0.0.1:1/acme/dev/product-types' -H 'authorization: Bearer '`,
    );
    expect(curl({ 'x-api-key': 'k' })).toContain(`-H "x-api-key: $CONTRACT_API_KEY"`);
  });
});

describe('a failing assertion on an answer', () => {
  /** The differences a failing `check` records on the test running it. */
  const recorded = (check: () => void): string[] | undefined => {
    installAssertionHook();
    const task = { meta: {} } as Task;
    failureContext.startTest(task);
    try {
      expect(check).toThrow();
    } finally {
      failureContext.end();
    }
    return task.meta.contractFailure?.differences;
  };
  const reply = new Reply({ method: 'GET', path: '/products' }, 'listProducts', 200, {
    data: { list: [], count: 9 },
  });

  it('names the field it checks when the test says where the value is in the answer', () => {
    expect(recorded(() => reply.expect(reply.data.count, '$.data.count').toBe(6))).toEqual([
      '$.data.count: expected 6, received 9',
    ]);
    expect(recorded(() => reply.expect(reply.data, '$.data').toMatchObject({ list: [], count: 6 }))).toEqual([
      '$.data.count: expected 6, received 9',
    ]);
  });

  it('names the status as such, not as $', () => {
    const refused = new Reply({ method: 'GET', path: '/products' }, 'listProducts', 200, { data: {} });
    expect(recorded(() => refused.expectStatus(400))).toEqual(['HTTP status: expected 400, received 200']);
    expect(recorded(() => refused.expectRefused())).toEqual(['HTTP status: expected "4xx", received "2xx"']);
  });

  it('shows the read whose answer was wrong, and names the write it was read after', () => {
    const write = new Reply(
      { method: 'POST', path: '/products-push', body: { data: [{ productGroupId: 'p1' }] } },
      'pushProducts',
      200,
      { data: [{ productGroupId: 'p1', status: 201 }] },
    );
    const read = new Reply({ method: 'GET', path: '/products/p1' }, 'getProduct', 200, {
      data: { productGroupId: 'p1', spaceIds: ['s1'] },
    }).after(write);
    const message = (() => {
      try {
        read.expect(read.data.spaceIds, '$.data.spaceIds').toEqual(['s2']);
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    })();
    expect(message.split('\n').slice(0, 4)).toEqual([
      'getProduct (GET /products/p1)',
      '  sent: (no body)',
      '  came back: 200 {"data":{"productGroupId":"p1","spaceIds":["s1"]}}',
      '  read after: pushProducts (POST /products-push), which sent {"data":[{"productGroupId":"p1"}]} and got 200',
    ]);
  });

  it('names an object or array taken from the answer by its place there', () => {
    const product = new Reply({ method: 'GET', path: '/products/p1' }, 'getProduct', 200, {
      data: { productGroupId: 'p1', spaceIds: ['s1', 's3'], variants: [{ productId: 'v1', color: 42 }] },
    });
    expect(
      recorded(() => product.expect(product.data.spaceIds).toEqual(expect.arrayContaining(['s2']))),
    ).toEqual(['$.data.spaceIds: lacks an element equal to "s2"']);
    expect(recorded(() => product.expect(product.data.variants[0]).toMatchObject({ color: 'red' }))).toEqual([
      '$.data.variants[0].color: expected "red", received 42',
    ]);
    expect(recorded(() => product.expect(product.data).toMatchObject({ spaceIds: ['s1'] }))).toEqual([
      '$.data.spaceIds[1]: expected (absent), received "s3"',
    ]);
  });

  it('says what an assertion without an expected value found, at the path, not "expected (absent)"', () => {
    const product = new Reply({ method: 'GET', path: '/products/p1' }, 'getProduct', 200, {
      data: { spaceIds: ['s1', 's3'] },
    });
    expect(recorded(() => product.expect(product.data.spaceIds).toContain('s8'))).toEqual([
      "$.data.spaceIds: expected [ 's1', 's3' ] to include 's8'",
    ]);
    expect(recorded(() => product.expect(product.data.spaceIds).not.toContain('s1'))).toEqual([
      "$.data.spaceIds: expected [ 's1', 's3' ] to not include 's1'",
    ]);
  });

  it('holds an answer outside the schemas until the test has run, and adds its problems to that answer’s failure', () => {
    installAssertionHook();
    const task = { meta: {} } as Task;
    failureContext.startTest(task);
    const detail = {
      operationId: 'getProduct',
      curl: 'curl GET p1',
      differences: ['body/data/color must be a string (got 42)'],
    };
    try {
      failureContext.sent({ method: 'GET', url: 'p1', headers: {} }, 'getProduct');
      expect(failureContext.schemaMismatch(detail, new Error('outside'))).toBe(true);
      // a read retried until it settled meets the same mismatch again
      expect(failureContext.schemaMismatch({ ...detail }, new Error('outside'))).toBe(true);
      task.meta.contractFailure = {
        curl: 'curl GET p1',
        differences: ['$.data.color: expected "red", received 42'],
      };
      expect(failureContext.mismatchesMet()?.message).toBe('outside');
    } finally {
      failureContext.end();
    }
    expect(task.meta.contractFailure?.differences).toEqual([
      '$.data.color: expected "red", received 42',
      'body/data/color must be a string (got 42)',
    ]);
    // outside a test or setup nothing holds it: the request fails at once
    expect(failureContext.schemaMismatch(detail, new Error('outside'))).toBe(false);
  });

  it('says a rule broken by reads of one request once, as the last answer, the one the test went on with, broke it', () => {
    const task = { meta: {} } as Task;
    failureContext.startTest(task);
    const curl = 'curl GET p1';
    const problem = (places: number) =>
      places === 1
        ? 'getProduct 200 body/data/productPriceList/0/listPrice must be a number (got "12")'
        : `getProduct 200 body/data/productPriceList/*/listPrice must be a number (at ${places} places, the first body/data/productPriceList/0/listPrice)`;
    let met: Error | undefined;
    try {
      // the same product read with one price, three, then two: one rule
      for (const places of [1, 3, 2])
        failureContext.schemaMismatch({ curl, differences: [problem(places)] }, new Error(`read ${places}`));
      // another rule of the same request, and the same rule of another request, stay apart
      failureContext.schemaMismatch(
        { curl, differences: ['getProduct 200 body/data is required'] },
        new Error('x'),
      );
      failureContext.schemaMismatch({ curl: 'curl GET p2', differences: [problem(1)] }, new Error('p2'));
      met = failureContext.mismatchesMet();
    } finally {
      failureContext.end();
    }
    expect(met).toBeInstanceOf(AggregateError);
    expect((met as AggregateError).errors.map((e: Error) => e.message)).toEqual(['read 2', 'x', 'p2']);
    expect(task.meta.contractFailure?.differences).toEqual([
      problem(2),
      'getProduct 200 body/data is required',
    ]);
  });

  it('starts at $ when it does not', () => {
    expect(recorded(() => reply.expect(reply.data.count).toBe(6))).toEqual(['$: expected 6, received 9']);
  });
});

describe('colour in the console', () => {
  it('only on a terminal, and never with NO_COLOR set', async () => {
    const { useColour } = await import('../../../src/contract/report/reporter.js');
    const tty = { isTTY: true } as NodeJS.WriteStream;
    const file = { isTTY: false } as NodeJS.WriteStream;
    expect(useColour(tty, {})).toBe(true);
    expect(useColour(tty, { NO_COLOR: '1' })).toBe(false);
    expect(useColour(file, {})).toBe(false);
  });
});
