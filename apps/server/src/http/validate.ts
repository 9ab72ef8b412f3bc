import type { z } from "zod";
import { AppError } from "./app-error.js";

/** Parses a request part with a schema; a failure is a 400 whose field errors name each field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, what = "request body"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "_";
    fieldErrors[field] ??= issue.message;
  }
  throw AppError.badRequest(`The ${what} is not valid.`, fieldErrors);
}
