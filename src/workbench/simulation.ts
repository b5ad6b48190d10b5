// What happens to an API request before its operation runs, decided from its Prefer header, a fault
// rule and --latency (docs/behaviour.md, "Simulated failures and latency"). Node-free: the msw
// adapter (src/msw/) answers Prefer headers with it as the server does.
import type { Fault, FaultFacts } from './faults.js';
import type { StubRule } from './stubs.js';
import { checkSimulatedStatus, parsePrefer, simulatedStatuses, type NetworkFailure } from './prefer.js';

/** An API request that has found its documented operation, before it runs: what a fault rule matches, and its Prefer header. */
export interface SimulationRequest extends FaultFacts {
  operationId: string;
  prefer: string | readonly string[] | undefined;
}

export interface Simulation {
  /** Answer this status instead of running the operation. */
  status?: number;
  delayMs: number;
  /** Seconds for a Retry-After header on the status, when asked for. */
  retryAfterSeconds?: number;
  /** Answer this stub rule's status and body instead of running the operation. */
  stub?: StubRule;
  /** Close the connection without an answer instead of running the operation. */
  network?: NetworkFailure;
  /** What asked for it, for the error message: "Prefer: code=503" or "fault rule fault-2". */
  source: string;
}

/** What the simulation step asks (src/workbench/simulationStep.ts). */
export interface Simulator {
  /** Whether only a Prefer header can change a request now. */
  readonly idle: boolean;
  /** undefined when nothing happens; throws a 400 for a Prefer header asking what cannot be done. */
  simulate(request: SimulationRequest): Simulation | undefined;
}

/** The statuses a request may ask for, by operationId. */
export function statusesByOperation(
  operations: Iterable<{ operationId: string; responses: object }>,
): Map<string, readonly number[]> {
  const statuses = new Map<string, readonly number[]>();
  for (const op of operations) statuses.set(op.operationId, simulatedStatuses(Object.keys(op.responses)));
  return statuses;
}

/**
 * A Prefer header beats a fault rule, which beats --latency. `rule` applies (and spends) the first
 * fault rule that matches; it is not asked when the header has a code. `latency` draws a delay.
 */
export function decideSimulation(
  request: SimulationRequest,
  statuses: ReadonlyMap<string, readonly number[]>,
  rule: () => Fault | undefined,
  latency: () => number,
  stub: () => StubRule | undefined = () => undefined,
): Simulation | undefined {
  const preference = parsePrefer(request.prefer);
  if (preference.code !== undefined) {
    checkSimulatedStatus(preference.code, statuses.get(request.operationId) ?? [], request.operationId);
  }
  // A stub rule answers unless the header asks for a failure (docs/behaviour.md, "Stub rules"); it
  // beats a fault rule, which is not consulted (nor spent) when a stub answers.
  const decided =
    preference.network !== undefined || (preference.code !== undefined && preference.code >= 400);
  const stubbed = decided ? undefined : stub();
  if (stubbed) {
    return { stub: stubbed, delayMs: preference.delayMs ?? latency(), source: `stub rule ${stubbed.id}` };
  }
  // A code or network failure in the header decides alone (a 2xx or 3xx is the operation's own
  // answer); else the first rule that applies.
  const fault = preference.code === undefined && preference.network === undefined ? rule() : undefined;
  const delayMs = preference.delayMs ?? fault?.delayMs ?? latency();
  if (preference.network !== undefined) {
    return { network: preference.network, delayMs, source: `Prefer: network=${preference.network}` };
  }
  if (fault?.network !== undefined)
    return { network: fault.network, delayMs, source: `fault rule ${fault.ruleId}` };
  if (preference.code !== undefined && preference.code >= 400) {
    const { code, retryAfterSeconds } = preference;
    return { status: code, delayMs, retryAfterSeconds, source: `Prefer: code=${code}` };
  }
  if (fault?.status !== undefined) {
    const { status, retryAfter: retryAfterSeconds, ruleId } = fault;
    return { status, delayMs, retryAfterSeconds, source: `fault rule ${ruleId}` };
  }
  if (delayMs === 0) return undefined;
  const source =
    preference.delayMs !== undefined ? 'Prefer: delay' : fault ? `fault rule ${fault.ruleId}` : '--latency';
  return { delayMs, source };
}
