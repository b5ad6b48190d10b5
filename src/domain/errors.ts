/** An error a client caused or should know about; status is the HTTP status it maps to. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors?: { path: string; message: string }[]): ApiError =>
  new ApiError(400, message, errors);

export const notFound = (message: string): ApiError => new ApiError(404, message);
