/**
 * What a named constraint of ours means, in the words of the form it guards: the field the
 * message lands on, like a rule's. The database holds these rules for every writer; the
 * messages make its refusal read as the form's own.
 */
export const CONSTRAINT_MESSAGES: Readonly<Record<string, { status: number; field: string; message: string }>> = {
  // Migration 0007.
  tblProject_dates: { status: 400, field: "projectDueDate", message: "Due Date must not be before Start Date" },
  tblPortalOrder_contact_of_client: {
    status: 400,
    field: "contactID",
    message: "Contact is not one of the client's contacts",
  },
  tblPortalOrder_project_approved: {
    status: 409,
    field: "portalOrderStatus",
    message: "An order that became a project stays approved",
  },
  tblPortalOrder_portalOrderNumber_key: {
    status: 409,
    field: "portalOrderNumber",
    message: "Order Number is already taken",
  },
};

/** The constraint an error from the driver names, if any. */
export function constraintOf(error: unknown): string | undefined {
  const name = (error as { constraint?: unknown } | null)?.constraint;
  return typeof name === "string" ? name : undefined;
}
