import { APPROVAL_STATUSES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/**
 * Orders clients place through the customer portal (page 58). Staff review them; an approved
 * one becomes a project in one step (POST /API/PortalOrders/:id/Project), which alone sets
 * `projectID`.
 */
export const tblPortalOrder = resource({
  name: "tblPortalOrder",
  kind: "table",
  key: "portalOrderID",
  access: pageAccess(PAGES.portalOrders),
  cascades: [{ table: "tblPortalOrderItem", column: "portalOrderID" }],
  order: ["createdTS"],
  columns: {
    portalOrderID: col.id({ label: "ID" }),
    portalOrderNumber: col.text(30, { searchable: true, label: "Order Number", rules: ["required"] }),
    portalOrderTitle: col.text(255, { searchable: true, label: "Title", rules: ["required"] }),
    clientID: col.reference(
      { table: "tblClient", value: "clientID", label: "clientName" },
      { nullable: false, label: "Client", rules: ["required"] },
    ),
    contactID: col.reference(
      { table: "tblClientContact", value: "contactID", label: "contactName", within: "clientID" },
      { label: "Contact" },
    ),
    portalOrderRequestedDate: col.date({ nullable: true, label: "Requested Date" }),
    portalOrderStatus: col.choice(APPROVAL_STATUSES, {
      optional: true,
      label: "Status",
      rules: ["required"],
      initial: "0",
    }),
    portalOrderNotes: col.text(4000, { nullable: true, emptyAsNull: true, multiline: true, label: "Notes" }),
    projectID: { ...col.derived("integer"), label: "Project" },
    createdTS: { ...col.now(), label: "Received" },
  },
});
