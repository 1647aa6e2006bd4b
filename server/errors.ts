// The one error type routes throw; the error handler turns it into the real server's error body
// {status:"error", message, code, errors, requestId} with HTTP status == code.
export class ApiError extends Error {
  readonly code: number;
  readonly errors: unknown;
  /** extra response headers, e.g. Retry-After on a 429 */
  readonly headers: Record<string, string>;
  constructor(message: string, code = 400, errors: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.headers = headers;
  }
}

export const notFound = (): ApiError => new ApiError('not found', 404);
