// The admin endpoints of one scope, `/__admin/scopes/{region}/{tenantId}/{environment}/...`
// (openapi.yaml, tag Admin): reset, named snapshots, the scope's journal, fault and stub rules.
// What they do is src/workbench/scopeAdmin.ts; this reads the request and writes the answer.
import { METHODS } from 'node:http';
import express, { type Express, type Request } from 'express';
import { badRequest, CatalogError, notFound } from '../domain/errors.js';
import { checkScopeAdminToken, type KeyRing } from '../pipeline/auth.js';
import { parseJournalFilter } from '../workbench/requestJournal.js';
import { ScopeAdmin } from '../workbench/scopeAdmin.js';
import type { Workbench } from '../workbench/workbench.js';
import { sendData } from './respond.js';

/**
 * A scope's path and what follows it. Matched by a pattern that decodes nothing, as the fault
 * routes: the segments are decoded here, and one that is not valid percent-encoding gets a 400 in
 * the mock's words.
 */
const SCOPE_PARTS =
  /^\/__admin\/scopes\/([^/]+)\/([^/]+)\/([^/]+)\/(reset|snapshots|requests|faults|stubs)(?:\/([^/]+)(\/restore)?)?\/?$/i;
/** The same without capturing groups: express decodes what a route's groups capture, with its own 400. */
const SCOPE_ROUTE = new RegExp(SCOPE_PARTS.source.replace(/\((?!\?)/g, '(?:'), 'i');

function decoded(raw: string, name: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest(`path.${name} is not valid percent-encoding: "${raw}"`);
  }
}

/** The first value of each query parameter, as text. */
function firstValues(query: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, String(Array.isArray(value) ? value[0] : value)]),
  );
}

/** A JSON body, or the 400 or 415 that says how to send one. */
function jsonBody(req: Request, what: string): unknown {
  const body: unknown = req.body;
  if (body !== undefined) return body;
  const sent =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (sent) {
    throw new CatalogError(
      'unsupported-media-type',
      `Send the ${what} as JSON, with Content-Type: application/json`,
    );
  }
  throw badRequest(`A ${what} is required as a JSON body`);
}

export function mountScopeRoutes(app: Express, workbench: Workbench, ring: KeyRing): void {
  const admin = new ScopeAdmin(workbench);
  const json = express.json({ limit: '1mb' });
  app.all(SCOPE_ROUTE, json, async (req, res) => {
    const match = SCOPE_PARTS.exec(req.path) as RegExpExecArray;
    const [, rawRegion, rawTenant, rawEnvironment, rawAction, rawName, restore] = match;
    const tenantId = decoded(rawTenant as string, 'tenantId');
    // The token first, as for the API: a key bound to another tenant learns nothing of this one.
    const denied = checkScopeAdminToken(ring, req.headers, tenantId);
    if (denied) throw denied;
    const key = admin.scopeOf(
      decoded(rawRegion as string, 'region'),
      tenantId,
      decoded(rawEnvironment as string, 'environment'),
    );
    const action = (rawAction as string).toLowerCase();
    const name = rawName === undefined ? undefined : decoded(rawName, 'name');
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const route = `${method} ${action}${name === undefined ? '' : restore ? '/{name}/restore' : '/{name}'}`;
    switch (route) {
      case 'POST reset':
        await admin.reset(key);
        return sendData(res, key);
      case 'GET snapshots':
        return sendData(res, admin.snapshots(key));
      case 'PUT snapshots/{name}': {
        const { info, replaced } = admin.save(key, name as string);
        return sendData(res, info, undefined, replaced ? 200 : 201);
      }
      case 'DELETE snapshots/{name}':
        admin.deleteSnapshot(key, name as string);
        return sendData(res, { deleted: 1 });
      case 'POST snapshots/{name}/restore':
        return sendData(res, await admin.restore(key, name as string));
      case 'GET requests':
        return sendData(
          res,
          admin.requests(key, parseJournalFilter(firstValues(req.query as Record<string, unknown>), METHODS)),
        );
      case 'DELETE requests':
        return sendData(res, { deleted: admin.clearRequests(key) });
      case 'GET faults':
        return sendData(res, admin.faults(key));
      case 'POST faults':
        return sendData(res, admin.addFault(key, jsonBody(req, 'fault rule')), undefined, 201);
      case 'DELETE faults':
        return sendData(res, { deleted: admin.clearFaults(key) });
      case 'GET stubs':
        return sendData(res, admin.stubs(key));
      case 'POST stubs':
        return sendData(res, admin.addStub(key, jsonBody(req, 'stub rule')), undefined, 201);
      case 'DELETE stubs':
        return sendData(res, { deleted: admin.clearStubs(key) });
      default:
        // The documented paths with a method they lack are a 405 of adminGuard; the rest name nothing.
        throw notFound(`No route ${req.method} ${req.path}; see /docs for the API reference`);
    }
  });
}
