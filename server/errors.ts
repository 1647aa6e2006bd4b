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

/**
 * A q= the real server's database refuses (a column that does not exist, an operator the column's type lacks, a
 * literal it cannot take, an invalid regular expression, nesting past Python's recursion limit). Alerta 9.1.0
 * answers these 500 'An internal error has occurred!' with the database's message in errors; bad input is a 400
 * here, with the same message text, so a client can tell the user what is wrong with the query.
 */
export const queryError = (detail: string): ApiError => new ApiError('Failed to parse query string.', 400, [`${detail}\n`]);
