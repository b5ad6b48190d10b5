import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * Request validation straight from openapi.yaml. The prefix routers strip the three URL prefixes,
 * so the validator sees `/{tenantId}/{environment}/...` and one server at `/`.
 */
export function requestValidator(doc: OpenAPIV3.Document): RequestHandler[] {
  type ApiSpec = Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'];
  const apiSpec = { ...structuredClone(doc), servers: [{ url: '/' }] } as unknown as ApiSpec;
  return OpenApiValidator.middleware({
    apiSpec,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: false,
    validateSecurity: false,
    useRequestUrl: true,
    ignoreUndocumented: false,
  }) as RequestHandler[];
}
