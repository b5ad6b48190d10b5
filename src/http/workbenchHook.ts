// The express side of the workbench (src/workbench/): the only place it meets express. It reports
// every answered request to the workbench and runs its simulation before an operation.
import type { RequestHandler } from 'express';
import { simulatedError } from '../workbench/prefer.js';
import type { Workbench } from '../workbench/workbench.js';
import { requestedPath, sendError } from './errors.js';
import type { SimulationStep } from './operationRouter.js';
import type { ResolvedRequest } from './validator.js';

/** First middleware of the app: each request, once answered, goes to the journal and the log. */
export function exchangeRecorder(workbench: Workbench): RequestHandler {
  return (req, res, next) => {
    const at = Date.now();
    const started = performance.now();
    // `on`, not `once`: a response finishes once, and once() wraps the listener in more objects.
    res.on('finish', () => {
      const resolved = res.locals.resolved as ResolvedRequest | undefined;
      workbench.completed({
        at,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        durationMs: performance.now() - started,
        operationId: resolved?.op.operationId,
        tenantId: resolved?.params.tenantId,
        environment: resolved?.params.environment,
        body: req.body as unknown,
        bodyBytes:
          req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']),
        message: res.locals.errorMessage as string | undefined,
      });
    });
    next();
  };
}

/** The simulation step of the operation router: a Prefer header, a fault rule or --latency. */
export function simulationStep(workbench: Workbench): SimulationStep {
  return (req, res, resolved, next) => {
    // Most requests: decided before anything is allocated for them.
    if (req.headers.prefer === undefined && workbench.idle) return next();
    let simulation;
    try {
      simulation = workbench.simulate({
        method: req.method,
        path: requestedPath(req),
        operationId: resolved.op.operationId,
        prefer: req.headers.prefer,
      });
    } catch (err) {
      return next(err);
    }
    if (!simulation) return next();
    const { status, delayMs, source } = simulation;
    const go = () => {
      if (status === undefined) return next();
      sendError(res, status, simulatedError(status, source).message);
    };
    if (delayMs === 0) return go();
    const timer = setTimeout(go, delayMs);
    // A client gone while it waits needs no answer.
    res.once('close', () => clearTimeout(timer));
  };
}
