import { Router } from 'express';
import { ApiError } from '../domain/errors.js';

/** Declared in openapi.yaml, not served yet: an honest 501 rather than a pretend answer. */
export function pendingRoutes(): Router {
  const router = Router();
  router.all('/:tenantId/:environment/*rest', (req) => {
    throw new ApiError(501, `${req.method} ${req.path} is not implemented in this version of the mock`);
  });
  return router;
}
