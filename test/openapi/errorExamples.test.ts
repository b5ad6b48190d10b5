// What the reference page (/docs) shows as the example of each error answer: without an example it
// makes one up from the schema, `{"message": "string", "status": 0}`, a status no answer has.
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../src/generated/apiDocument.js';

/** Every documented 4xx and 5xx answer with a JSON body: where it is, its status and its example. */
function errorAnswers(): { at: string; status: number; example: unknown }[] {
  return Object.entries(apiDocument.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter((entry): entry is [string, OpenAPIV3.OperationObject] => {
        const op = entry[1] as unknown;
        return typeof op === 'object' && op !== null && 'responses' in op;
      })
      .flatMap(([method, op]) =>
        Object.entries(op.responses)
          .filter(([code]) => /^[45]\d\d$/.test(code))
          .flatMap(([code, response]) => {
            const json = (response as OpenAPIV3.ResponseObject).content?.['application/json'];
            return json
              ? [
                  {
                    at: `${method.toUpperCase()} ${path} ${code}`,
                    status: Number(code),
                    example: json.example,
                  },
                ]
              : [];
          }),
      ),
  );
}

describe('the error answers openapi.yaml documents', () => {
  it('each have an example with their own status and a message', () => {
    const answers = errorAnswers();
    expect(answers.length).toBeGreaterThan(50);
    const wrong = answers.filter(({ status, example }) => {
      const body = example as { message?: unknown; status?: unknown } | undefined;
      return typeof body?.message !== 'string' || body.message === '' || body.status !== status;
    });
    expect(wrong.map(({ at, example }) => `${at}: ${JSON.stringify(example)}`)).toEqual([]);
  });
});
