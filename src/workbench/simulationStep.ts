// The workbench's simulated failures and delays as a step of the request pipeline
// (docs/architecture.md, "The seam: wrapping the pipeline"): it runs after the token is checked and
// the body read, before the body is validated, so a request without a valid token still gets its
// 401, while a body the operation would refuse gets the simulated failure.
import { JSON_CONTENT_TYPE, problemAnswer } from '../pipeline/answers.js';
import type { SimulationStep } from '../pipeline/pipeline.js';
import type { MockAnswer } from '../pipeline/types.js';
import { answerLost, CLOSED_WITHOUT_ANSWER, simulatedError, simulatedNetworkFailure } from './prefer.js';
import type { Simulator } from './simulation.js';

/** Never written: the adapter closes the connection; its message is for the log and journal. */
const closed = (message: string): MockAnswer => ({
  ...problemAnswer(CLOSED_WITHOUT_ANSWER, message),
  closeWithoutAnswer: true,
});

export function simulationStep(workbench: Simulator): SimulationStep {
  return (request) => {
    const prefer = request.headers.prefer;
    // Most requests: decided before anything is allocated for them.
    if (prefer === undefined && workbench.idle) return undefined;
    const { method, path, operationId, region, tenantId, environment } = request;
    const simulation = workbench.simulate({
      method,
      path,
      operationId,
      region,
      tenantId,
      environment,
      prefer,
    });
    if (!simulation) return undefined;
    const { status, delayMs, retryAfterSeconds, network, source, stub } = simulation;
    const headers: Record<string, string> =
      retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
    let instead: MockAnswer | undefined;
    if (stub !== undefined) {
      instead = {
        status: stub.status,
        headers: { 'content-type': JSON_CONTENT_TYPE, ...stub.headers },
        json: stub.body,
        stubbed: stub.id,
      };
    } else if (network !== undefined) {
      const message = simulatedNetworkFailure(network, source);
      instead =
        network === 'reset'
          ? closed(message)
          : {
              ...closed(message),
              afterOperation: (own) => {
                const logged = closed(answerLost(message, own.status));
                return network === 'lost' ? logged : { ...own, cutOff: logged };
              },
            };
    } else if (status !== undefined) {
      instead = problemAnswer(status, simulatedError(status, source).message, undefined, headers);
    }
    if (delayMs === 0) return Promise.resolve(instead);
    return new Promise<MockAnswer | undefined>((resolve) => setTimeout(() => resolve(instead), delayMs));
  };
}
