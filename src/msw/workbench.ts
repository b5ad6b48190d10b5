// The workbench of the msw handlers (docs/architecture.md, "The seam: wrapping the pipeline"): what
// the server's src/workbench/workbench.ts gives a request, without node: the Prefer header, fault
// and stub rules, the request journal and named snapshots, per catalog.
import type { MockAnswer, MockRequest } from '../pipeline/types.js';
import { NamedSnapshots } from '../store/namedSnapshots.js';
import type { Store } from '../store/store.js';
import { FaultRules } from '../workbench/faults.js';
import { JOURNAL_SIZE, RequestJournal } from '../workbench/requestJournal.js';
import { ScopeAdmin } from '../workbench/scopeAdmin.js';
import {
  decideSimulation,
  type Simulation,
  type SimulationRequest,
  type Simulator,
} from '../workbench/simulation.js';
import { StubRules } from '../workbench/stubs.js';

export class MswWorkbench implements Simulator {
  readonly faults = new FaultRules();
  readonly stubs = new StubRules();
  readonly journal: RequestJournal;
  readonly snapshots: NamedSnapshots;
  readonly scopes: ScopeAdmin;

  constructor(
    store: Store,
    readonly statuses: ReadonlyMap<string, readonly number[]>,
    /** The most journal entries one scope keeps (the handlers' journalPerScope); JOURNAL_PER_SCOPE when absent. */
    journalPerScope?: number,
  ) {
    this.journal = new RequestJournal(JOURNAL_SIZE, journalPerScope);
    this.snapshots = new NamedSnapshots(store);
    this.scopes = new ScopeAdmin(this);
  }

  get idle(): boolean {
    return this.faults.list().length === 0 && this.stubs.size === 0;
  }

  simulate(request: SimulationRequest): Simulation | undefined {
    return decideSimulation(
      request,
      this.statuses,
      () => this.faults.apply(request),
      () => 0,
      () => this.stubs.apply(request),
    );
  }

  /** Journals an answered request, as the server's hook does (src/http/workbenchHook.ts). */
  completed(request: MockRequest, sentUrl: string, answer: MockAnswer, at: number, started: number): void {
    const operation = answer.operation;
    this.journal.record({
      at,
      method: request.method,
      url: sentUrl,
      status: answer.status,
      durationMs: performance.now() - started,
      region: operation?.region,
      tenantId: operation?.params.tenantId,
      environment: operation?.params.environment,
      operationId: operation?.operationId,
      stubbed: operation?.stubbed,
      body: operation?.body,
      bodyBytes: request.bodyBytes,
      notes: operation?.notes,
    });
  }

  /** Every scope back to the seed: rules and snapshots gone, the journal kept (as POST /__admin/reset). */
  async reset(store: Store): Promise<void> {
    this.faults.clear();
    this.stubs.clear();
    this.snapshots.clear();
    await store.reset();
  }
}
