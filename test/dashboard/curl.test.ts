import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellWord } from '../../src/dashboard/curl.js';

describe('copy as curl', () => {
  it('sends the method, the query as journaled, the key and the JSON body', () => {
    const command = curlCommand(
      {
        method: 'POST',
        path: '/acme/dev/products-push',
        query: { dryRun: 'true', ids: ['a', 'b'] },
        body: { data: [{ productGroupId: "O'Neil" }] },
      },
      'http://127.0.0.1:4010',
      'dev',
    );
    expect(command).toBe(
      `curl -X POST -H 'x-api-key: dev' -H 'content-type: application/json' --data-raw '{"data":[{"productGroupId":"O'\\''Neil"}]}' 'http://127.0.0.1:4010/acme/dev/products-push?dryRun=true&ids=a&ids=b'`,
    );
  });

  it('quotes a word so that a POSIX shell reads it back unchanged', () => {
    const word = `it's $HOME \`id\` "x" \\ ;`;
    expect(execFileSync('sh', ['-c', `printf %s ${shellWord(word)}`], { encoding: 'utf8' })).toBe(word);
  });
});
