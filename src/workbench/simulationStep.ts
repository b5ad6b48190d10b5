// The workbench's simulated failures and delays as a step of the request pipeline
// (docs/architecture.md, "The seam: wrapping the pipeline"): it runs after the token is checked and
// the body read, so a simulated failure is answered only to a request the operation would take up.
import { problemAnswer } from '../pipeline/answers.js';
import type { SimulationStep } from '../pipeline/pipeline.js';
import type { MockAnswer } from '../pipeline/types.js';
import { simulatedError } from './prefer.js';
import type { Workbench } from './workbench.js';

export function simulationStep(workbench: Workbench): SimulationStep {
  return ({ method, path, operationId, headers }) => {
    const prefer = headers.prefer;
    // Most requests: decided before anything is allocated for them.
    if (prefer === undefined && workbench.idle) return undefined;
    const simulation = workbench.simulate({ method, path, operationId, prefer });
    if (!simulation) return undefined;
    const { status, delayMs, source } = simulation;
    const instead =
      status === undefined ? undefined : problemAnswer(status, simulatedError(status, source).message);
    if (delayMs === 0) return Promise.resolve(instead);
    return new Promise<MockAnswer | undefined>((resolve) => setTimeout(() => resolve(instead), delayMs));
  };
}
