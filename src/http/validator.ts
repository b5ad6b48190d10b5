import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { createRequire } from 'node:module';

type PathToRegexp = (path: string, options?: { sensitive?: boolean; strict?: boolean }) => unknown;

/**
 * The validator's route lookup compiles every documented path's pattern again on every request
 * (about a tenth of a simple read's time). Compiling is a pure function of its arguments, so the
 * copy of path-to-regexp the validator loads gets a memo in front of it.
 */
function memoizeRouteCompiler(): void {
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const lib = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp & { memo?: true } };
  if (lib.pathToRegexp.memo) return;
  const compile = lib.pathToRegexp;
  const compiled = new Map<string, unknown>();
  const memo = (path: string, options?: { sensitive?: boolean; strict?: boolean }) => {
    if (typeof path !== 'string') return compile(path, options);
    const key = `${options?.sensitive ? 's' : ''}${options?.strict ? 't' : ''} ${path}`;
    let hit = compiled.get(key);
    if (hit === undefined) compiled.set(key, (hit = compile(path, options)));
    return hit;
  };
  lib.pathToRegexp = Object.assign(memo, { memo: true as const });
}

/**
 * Request validation straight from openapi.yaml. The prefix routers strip the three URL prefixes,
 * so the validator sees `/{tenantId}/{environment}/...` and one server at `/`.
 */
export function requestValidator(doc: OpenAPIV3.Document): RequestHandler[] {
  memoizeRouteCompiler();
  type ApiSpec = Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'];
  const apiSpec = { ...structuredClone(doc), servers: [{ url: '/' }] } as unknown as ApiSpec;
  return OpenApiValidator.middleware({
    apiSpec,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: false,
    validateSecurity: false,
    // No operation takes multipart bodies: without this the validator adds a multipart layer to every request.
    fileUploader: false,
    useRequestUrl: true,
    ignoreUndocumented: false,
  }) as RequestHandler[];
}
