import { ERROR_MESSAGES } from "@office/core";

/** A failure with the status and message it answers with (docs/product-rules.md#errors). */
export class AppError extends Error {
  override name = "AppError";
  /** A 503 of our own limits under load: logged as a warning, not an error (error-handler.ts). */
  underLoad = false;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { fieldErrors?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }

  static badRequest(message: string, fieldErrors?: Record<string, string>) {
    return new AppError(400, message, fieldErrors ? { fieldErrors } : {});
  }

  static sessionExpired() {
    return new AppError(401, ERROR_MESSAGES.sessionExpired);
  }

  static unavailable(message: string = ERROR_MESSAGES.unavailable) {
    return new AppError(503, message);
  }

  /** A read the server shed under load (its turn not given in time, or stopped for its cost). */
  static shed(message: string = ERROR_MESSAGES.unavailable, extra: AppError["extra"] = {}) {
    const error = new AppError(503, message, extra);
    error.underLoad = true;
    return error;
  }
}
