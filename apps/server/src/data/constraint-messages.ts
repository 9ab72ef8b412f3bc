import { constraintRefusal } from "../db/constraints.js";
import { AppError } from "../http/app-error.js";

/**
 * Runs a statement that writes `table`: a constraint it violates answers in the words of the
 * form of that table, or says that the record is in use (db/constraints.ts).
 */
export async function withConstraintMessages<T>(table: string, statement: Promise<T>): Promise<T> {
  try {
    return await statement;
  } catch (error) {
    const refusal = constraintRefusal(error, table);
    if (!refusal) throw error;
    throw new AppError(
      refusal.status,
      refusal.message,
      refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {},
    );
  }
}
