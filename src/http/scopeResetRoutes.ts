// POST /__admin/scopes/{region}/{tenantId}/{environment}/reset: one scope back to the seed's data,
// every other scope untouched (openapi.yaml, tag Admin; the dashboard's Scopes view calls it).
import type { Express } from 'express';
import { badRequest } from '../domain/errors.js';
import { given } from '../domain/given.js';
import { apiDocument } from '../generated/apiDocument.js';
import { regionsOf } from '../openapi/regions.js';
import type { KeyRing } from '../pipeline/auth.js';
import type { Workbench } from '../workbench/workbench.js';
import { authenticateAdmin } from './adminRoutes.js';
import { sendData } from './respond.js';

/** Matched by a pattern that decodes nothing, as the fault routes: the segments are decoded here. */
const RESET_ROUTE = /^\/__admin\/scopes\/([^/]+)\/([^/]+)\/([^/]+)\/reset\/?$/i;
/** As openapi.yaml's ScopeName: a tenant or environment a request's path can name. */
const SCOPE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

function segment(raw: string, name: string): string {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    throw badRequest(`path.${name} is not valid percent-encoding: "${raw}"`);
  }
  if (name !== 'region' && (!SCOPE_NAME.test(value) || value === '.' || value === '..')) {
    throw badRequest(`path.${name} must be 1 to 64 letters, digits, ".", "_" or "-"${given(value)}`);
  }
  return value;
}

export function mountScopeResetRoutes(app: Express, workbench: Workbench, ring: KeyRing): void {
  // Without capturing groups: express decodes what a route's groups capture, with its own 400.
  const route = new RegExp(RESET_ROUTE.source.replace(/\((?!\?)/g, '(?:'), 'i');
  app.post(route, authenticateAdmin(ring), async (req, res) => {
    const [, rawRegion, rawTenant, rawEnvironment] = RESET_ROUTE.exec(req.path) as RegExpExecArray;
    const region = segment(rawRegion as string, 'region').toLowerCase();
    const regions = regionsOf(apiDocument);
    if (!regions.includes(region)) {
      throw badRequest(`path.region must be one of, in any case: ${regions.join(', ')}${given(region)}`);
    }
    const key = {
      region,
      tenantId: segment(rawTenant as string, 'tenantId'),
      environment: segment(rawEnvironment as string, 'environment'),
    };
    await workbench.store.resetScope(key);
    sendData(res, key);
  });
}
