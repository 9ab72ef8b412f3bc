import { LOOKUP_GROUPS } from "../lists.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** What a portal order asks for: a product category, a description and a quantity, line by line. */
export const tblPortalOrderItem = resource({
  name: "tblPortalOrderItem",
  kind: "table",
  key: "portalOrderItemID",
  access: pageAccess(PAGES.portalOrders),
  order: ["portalOrderItemID"],
  columns: {
    portalOrderItemID: col.id({ label: "ID" }),
    portalOrderID: col.reference(
      { table: "tblPortalOrder", value: "portalOrderID", label: "portalOrderNumber" },
      { nullable: false, label: "Order", rules: ["required"] },
    ),
    itemCategory: col.lookup(LOOKUP_GROUPS.productCategories, { label: "Product" }),
    itemDescription: col.text(255, { searchable: true, label: "Item", rules: ["required"] }),
    itemQuantity: col.integer({ min: 1, max: 100_000, label: "Quantity", rules: ["required"] }),
  },
});
