import { sqlState } from "./errors.js";

/**
 * What a named constraint of ours means, in the words of the form it guards: the table it is
 * on, the field the message lands on, like a rule's. The database holds these rules for every
 * writer; the messages make its refusal read as the form's own. A foreign key may also say
 * what its violation means to the table it refers to (`inUse`: a contact a portal order names).
 */
export interface ConstraintMessage {
  table: string;
  status: number;
  field: string;
  message: string;
  inUse?: string;
}

export const CONSTRAINT_MESSAGES: Readonly<Record<string, ConstraintMessage>> = {
  // Migration 0007.
  tblProject_dates: {
    table: "tblProject",
    status: 400,
    field: "projectDueDate",
    message: "Due Date must not be before Start Date",
  },
  tblPortalOrder_contact_of_client: {
    table: "tblPortalOrder",
    status: 400,
    field: "contactID",
    message: "Contact is not one of the client's contacts",
    inUse: "A portal order names this contact.",
  },
  tblPortalOrder_project_approved: {
    table: "tblPortalOrder",
    status: 409,
    field: "portalOrderStatus",
    message: "An order that became a project stays approved",
  },
  tblPortalOrder_portalOrderNumber_key: {
    table: "tblPortalOrder",
    status: 409,
    field: "portalOrderNumber",
    message: "Order Number is already taken",
  },
  // Migration 0010.
  tblCC_last_four: {
    table: "tblCC",
    status: 400,
    field: "ccLastFour",
    message: "Last Four Digits must be four digits",
  },
  tblEmployee_manager_chain: {
    table: "tblEmployee",
    status: 400,
    field: "empManagerID",
    message: "Manager reports to this employee: a manager chain cannot loop",
  },
  // Migration 0021: a parcel is on a project once (a second paste of the same numbers adds nothing).
  tblShipment_project_number: {
    table: "tblShipment",
    status: 409,
    field: "trackingNumber",
    message: "Tracking Number is already on this project",
  },
};

/** A record another refers to was deleted, or its key changed, while the other still refers to it. */
export const IN_USE_MESSAGE = "This record is in use: another record refers to it.";

/** The constraint an error from the driver names, if any. */
export function constraintOf(error: unknown): string | undefined {
  const name = (error as { constraint?: unknown } | null)?.constraint;
  return typeof name === "string" ? name : undefined;
}

/** The table a constraint violation names: a foreign key's is the referring table, on either side. */
function tableOf(error: unknown): string | undefined {
  const name = (error as { table?: unknown } | null)?.table;
  return typeof name === "string" ? name : undefined;
}

export interface ConstraintRefusal {
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
}

/**
 * What a constraint violation raised by a write to `written` answers: the form's message on its
 * field when the constraint is one of ours on that table; the record is in use (409) when a
 * foreign key of another table refers to the row being deleted or re-keyed; otherwise nothing
 * (the error handler's answer by SQLSTATE).
 */
export function constraintRefusal(error: unknown, written: string): ConstraintRefusal | undefined {
  const state = sqlState(error);
  if (!state?.startsWith("23")) return undefined;
  const name = constraintOf(error);
  const known = name !== undefined && Object.hasOwn(CONSTRAINT_MESSAGES, name) ? CONSTRAINT_MESSAGES[name] : undefined;
  const table = known?.table ?? tableOf(error);
  if (known && table === written) {
    return { status: known.status, message: known.message, fieldErrors: { [known.field]: known.message } };
  }
  if (state === "23503" && table !== undefined && table !== written) {
    return { status: 409, message: known?.inUse ?? IN_USE_MESSAGE };
  }
  return undefined;
}
