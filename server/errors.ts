// The one error type routes throw; the error handler turns it into the real server's error body
// {status:"error", message, code, errors, requestId} with HTTP status == code.
export class ApiError extends Error {
  readonly code: number;
  readonly errors: unknown;
  constructor(message: string, code = 400, errors: unknown = null) {
    super(message);
    this.code = code;
    this.errors = errors;
  }
}

export const notFound = (): ApiError => new ApiError('not found', 404);
