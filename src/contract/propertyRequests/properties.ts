// What every generated exchange must satisfy: no 5xx, a documented answer, valid requests accepted,
// invalid ones refused with a 4xx and an error body.
import type { Checker } from '../suite/checker.js';
import type { DocumentedOperation } from '../../openapi/operations.js';
import type { GeneratedRequest } from './requests.js';

export interface Answer {
  status: number;
  contentType: string | null;
  /** Parsed JSON when it was JSON, the text otherwise. */
  body: unknown;
}

export type Kind = 'valid' | 'invalid';

/** What is wrong with the answer to a generated request; empty when all properties hold. */
export function violations(
  checker: Checker,
  op: DocumentedOperation,
  kind: Kind,
  req: GeneratedRequest,
  answer: Answer,
): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`no request may get a 5xx, got ${status}`);
  // ids in the path are the run's own and never written: 404 is the right answer to them
  const idsInPath = op.pathParams.some((p) => p !== 'tenantId' && p !== 'environment');
  if (kind === 'valid' && status >= 400 && status < 500 && !(status === 404 && idsInPath))
    problems.push(`a valid request must not be refused, got ${status}`);
  if (kind === 'invalid' && (status < 400 || status >= 500))
    problems.push(`an invalid request (${req.fault ?? 'fault'}) must get a 4xx, got ${status}`);
  if (kind === 'invalid' && status >= 400 && status < 500) {
    const message = (answer.body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.trim() === '')
      problems.push('a refusal must carry an error body with a message');
  }
  problems.push(
    ...checker.check({
      method: req.method,
      path: req.path,
      status,
      contentType: answer.contentType,
      body: answer.body,
    }),
  );
  return problems;
}
