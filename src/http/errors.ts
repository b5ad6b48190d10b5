import type { ErrorRequestHandler } from 'express';
import { errorAnswer } from '../pipeline/answers.js';
import { bodyError } from './expressAdapter.js';
import { writeAnswer } from './respond.js';

/** Errors of express code outside the pipeline (admin routes), answered as the pipeline answers them. */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  if (res.headersSent) return next(err);
  writeAnswer(res, errorAnswer(bodyError(err)));
};
