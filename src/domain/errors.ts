import type { Problem } from './problem.js';

/** An error a client caused or should know about; status is the HTTP status it maps to. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Problem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors?: Problem[]): ApiError =>
  new ApiError(400, message, errors);

export const notFound = (message: string): ApiError => new ApiError(404, message);
