// Once per run: pick the target (or start the mock in-process) and hand it to every test file.
import type { TestProject } from 'vitest/node';
import type { RunningServer } from '../../server.js';
import { describeFailure, preflight } from '../preflight.js';
import { loadApiDocument } from '../../openapi/apiDocument.js';
import { operationIdsOf, selectionProblem } from './selection.js';
import { targetFromEnv } from './target.js';

/** Tenant and environment of the in-process run; any valid pair would do. */
const IN_PROCESS_SCOPE = '/contract-tenant/contract';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const target = targetFromEnv();
  let server: RunningServer | undefined;
  // CONTRACT_ONLY / CONTRACT_SKIP with a typo would select nothing, and an empty run passes.
  const problem = selectionProblem(target, operationIdsOf(await loadApiDocument()));
  if (problem) throw new Error(problem);
  if (target.baseUrl !== undefined) {
    // `npm run test:contract` against a deployment: a misconfigured target stops here, not in every test
    const failure = await preflight(target.baseUrl, target.apiKey);
    if (failure) throw new Error(describeFailure(failure));
  }
  if (target.baseUrl === undefined) {
    // Loaded only here: a run against a deployment needs none of the mock.
    const { startServer } = await import('../../server.js');
    server = await startServer({ port: 0, seed: { products: [], productTypes: [] } });
    target.baseUrl = server.url + IN_PROCESS_SCOPE;
  }
  const baseUrl = target.baseUrl;
  project.provide('contractTarget', { ...target, baseUrl });
  console.log(
    `contract suite: ${baseUrl}${target.inProcess ? ' (in-process mock)' : ''}` +
      `${target.readonly ? ', read-only' : `, ids prefixed ${target.runPrefix}`}`,
  );
  return async () => {
    await server?.close();
  };
}
