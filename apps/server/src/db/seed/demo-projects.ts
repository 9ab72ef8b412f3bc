import { LOOKUP_GROUPS } from "@office/core";
import { listIDs } from "./demo-directory.js";
import { Random } from "./random.js";
import { FACILITIES, NOTE_PHRASES, WORKS } from "./words.js";

/*
 * What the projects area added to the demo company: each project's client, category, owner,
 * dates and description, who set each status, and the portal's orders. A generator of its
 * own, so the rest of the company stays as it was.
 */

type Row = Record<string, string | number | null>;

const PORTAL_ORDERS_AT_SCALE_1 = 40;
const DAY_MS = 86_400_000;
const PROJECT_CATEGORY_IDS = listIDs(LOOKUP_GROUPS.projectCategories);
const PRODUCT_CATEGORY_IDS = listIDs(LOOKUP_GROUPS.productCategories);
const ITEMS = ["Lobby sign", "Door hardware set", "Light fixtures", "Paint and finishes", "Reception desk", "Shelving"];

export interface DemoProjects {
  projects: Row[];
  statuses: Row[];
  portalOrders: Row[];
  portalOrderItems: Row[];
}

interface Company {
  projects: ReadonlyArray<{ projectID: number }>;
  statuses: ReadonlyArray<{ projectID: number; createdTS: string }>;
  employees: ReadonlyArray<Row>;
  clients: ReadonlyArray<Row>;
  contacts: ReadonlyArray<Row>;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The demo company's projects with their details, and its portal orders; pure, like the rest. */
export function demoProjects(company: Company, scale: number, anchor: Date): DemoProjects {
  const random = new Random(20_261_123);
  const now = anchor.getTime();
  const active = company.employees.filter((e) => e.empActive === 1).map((e) => e.empID as number);
  const clientCount = company.clients.length;
  const firstStatus = new Map<number, string>();
  for (const status of company.statuses) {
    const known = firstStatus.get(status.projectID);
    if (!known || status.createdTS < known) firstStatus.set(status.projectID, status.createdTS);
  }

  const owners = new Map<number, number>();
  const projects = company.projects.map((project): Row => {
    const owner = random.pick(active);
    owners.set(project.projectID, owner);
    const created =
      firstStatus.get(project.projectID) ?? new Date(now - random.int(1, 700) * DAY_MS + 15 * 3_600_000).toISOString();
    const start = Date.parse(created) + random.int(0, 30) * DAY_MS;
    return {
      ...project,
      projectClientID: random.chance(0.9) ? random.int(1, clientCount) : null,
      projectCategory: random.pick(PROJECT_CATEGORY_IDS),
      projectOwnerID: owner,
      projectStartDate: isoDate(start),
      projectDueDate: random.chance(0.8) ? isoDate(start + random.int(30, 365) * DAY_MS) : null,
      projectDescription: random.chance(0.5) ? random.pick(NOTE_PHRASES) : null,
      projectCreatedTS: created,
    };
  });
  // A status is set by the project's owner, now and then by a colleague.
  const statuses = company.statuses.map(
    (status): Row => ({
      ...status,
      empID: random.chance(0.8) ? (owners.get(status.projectID) ?? null) : random.pick(active),
    }),
  );

  const contactsOf = new Map<number, number[]>();
  for (const contact of company.contacts) {
    const list = contactsOf.get(contact.clientID as number) ?? [];
    list.push(contact.contactID as number);
    contactsOf.set(contact.clientID as number, list);
  }
  const portalOrders: Row[] = [];
  const portalOrderItems: Row[] = [];
  const orderCount = Math.max(1, Math.round(PORTAL_ORDERS_AT_SCALE_1 * scale));
  for (let portalOrderID = 1; portalOrderID <= orderCount; portalOrderID++) {
    const clientID = random.int(1, clientCount);
    const contacts = contactsOf.get(clientID) ?? [];
    const received = now - random.int(0, 90) * DAY_MS - random.int(0, 600) * 60_000;
    portalOrders.push({
      portalOrderID,
      portalOrderNumber: `WEB-${100_000 + portalOrderID}`,
      portalOrderTitle: `${random.pick(FACILITIES)} ${random.pick(WORKS)}`,
      clientID,
      contactID: contacts.length && random.chance(0.85) ? random.pick(contacts) : null,
      portalOrderRequestedDate: isoDate(received + random.int(14, 120) * DAY_MS),
      // Most wait for review; the rest were decided (none became a project yet).
      portalOrderStatus: random.pick([0, 0, 0, 0, 1, 1, 2]),
      portalOrderNotes: random.chance(0.4) ? "Please call before delivery." : null,
      createdTS: new Date(received).toISOString(),
    });
    for (let j = random.int(1, 4); j > 0; j--) {
      portalOrderItems.push({
        portalOrderID,
        itemCategory: random.pick(PRODUCT_CATEGORY_IDS),
        itemDescription: random.pick(ITEMS),
        itemQuantity: random.int(1, 40),
      });
    }
  }
  return { projects, statuses, portalOrders, portalOrderItems };
}
