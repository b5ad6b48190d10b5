// The express side of the workbench's request log and journal (src/workbench/): it reports every
// answered request, the mock's own endpoints included. Simulated failures run inside the pipeline
// (src/workbench/simulationStep.ts).
import type { RequestHandler } from 'express';
import type { AnsweredOperation, MockAnswer, MockRequest } from '../pipeline/types.js';
import type { Workbench } from '../workbench/workbench.js';

/**
 * The status logged and journaled for a request whose client left before its answer: the one
 * proxies use for it ("client closed request"); no answer was sent.
 */
const CLIENT_CLOSED = 499;

/** First middleware of the app: each request, once answered, goes to the journal and the log. */
export function exchangeRecorder(workbench: Workbench): RequestHandler {
  return (req, res, next) => {
    const at = Date.now();
    const started = performance.now();
    // `on`, not `once`: a response closes once, and once() wraps the listener in more objects.
    // 'close', not 'finish': it comes after the answer is sent, and also when the client closes the
    // connection before (a timeout shorter than a simulated delay), which 'finish' never reports.
    res.on('close', () => {
      const answered = res.writableFinished;
      // The mock closed it itself, before or halfway through an answer: a simulated network failure
      // (respond.ts).
      const closed = res.locals.closedByMock as MockAnswer | undefined;
      // Set by writeAnswer (respond.ts) from the answer; for a client that left first, what the
      // pipeline had learnt by then (expressAdapter.ts): the operation, its scope and its body.
      const operation = answered
        ? (res.locals.operation as AnsweredOperation | undefined)
        : (res.locals.request as MockRequest | undefined)?.operation;
      workbench.completed({
        at,
        method: req.method,
        url: req.originalUrl,
        status: answered ? res.statusCode : (closed?.status ?? CLIENT_CLOSED),
        durationMs: performance.now() - started,
        operationId: operation?.operationId,
        region: operation?.region,
        tenantId: operation?.params.tenantId,
        stubbed: operation?.stubbed,
        notes: operation?.notes,
        environment: operation?.params.environment,
        body: operation ? operation.body : (req.body as unknown),
        bodyBytes:
          req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']),
        // Refused at the browser boundary (browserBoundary.ts): logged, never journaled.
        unjournaled: res.locals.outsideBoundary === true,
        // Set only while an upstream is set (docs/upstream.md): the answer came from the deployment.
        ...(res.getHeader('x-mock-source') === 'upstream' && { source: 'upstream' as const }),
        // What the answer's body was (respond.ts); none when it was not sent whole.
        ...(answered && {
          answerBytes: res.locals.answerBytes as number | undefined,
          answerText: res.locals.answerText as string | undefined,
          answerJson: res.locals.answerJson,
        }),
        message: answered
          ? (res.locals.errorMessage as string | undefined)
          : closed
            ? (closed.json as { message: string }).message
            : 'The client closed the connection before the answer',
      });
    });
    next();
  };
}
