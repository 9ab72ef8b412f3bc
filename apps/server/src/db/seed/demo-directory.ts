import { formatPipeList, LOOKUP_GROUPS, US_STATES } from "@office/core";
import { Random } from "./random.js";
import { LAST_NAMES, PLACES } from "./words.js";

/*
 * The demo company's address book: the category lists, master clients, clients and their
 * contacts, vendors, shipping companies, and the parts of each employee's record the
 * directory added. A generator of its own, so the rest of the company stays as it was.
 */

type Row = Record<string, string | number | null>;

const CLIENTS_AT_SCALE_1 = 400;
const VENDORS_AT_SCALE_1 = 150;
const DAY_MS = 86_400_000;

/** Fixed ids of the lists' values (below 1000, where identities start). */
const LISTS: Array<[group: string, firstID: number, values: string[]]> = [
  [
    LOOKUP_GROUPS.projectCategories,
    300,
    ["Commercial", "Residential", "Healthcare", "Education", "Government", "Hospitality", "Industrial"],
  ],
  [
    LOOKUP_GROUPS.vendorCategories,
    320,
    ["Electrical", "Plumbing", "HVAC", "Concrete", "Steel", "Millwork", "Glazing", "Roofing", "Equipment Rental"],
  ],
  [
    LOOKUP_GROUPS.scheduleCategories,
    340,
    ["Meeting", "Site Visit", "Inspection", "Deadline", "Out of office", "Company Holiday"],
  ],
  [LOOKUP_GROUPS.todoCategories, 360, ["Call", "E-Mail", "Follow-up", "Paperwork"]],
  [LOOKUP_GROUPS.productCategories, 380, ["Signage", "Fixtures", "Hardware", "Finishes", "Furniture"]],
];

/** The fixed ids of one list's demo values, in its order. */
export function listIDs(group: string): number[] {
  const [, first, values] = LISTS.find(([g]) => g === group) ?? [group, 0, []];
  return values.map((_, sort) => first + sort);
}

const SUFFIXES = ["Group", "Partners", "Holdings", "Properties", "Development", "Realty", "Enterprises", "Trust"];
const TRADES = ["Electric", "Plumbing", "Mechanical", "Concrete", "Steel", "Woodworks", "Glass", "Roofing", "Rentals"];
const TITLES = ["Owner", "Project Manager", "Facilities Director", "Accounts Payable", "Architect", "Superintendent"];
const TERMS = ["Net 15", "Net 30", "Net 45", "Due on receipt"];
const CITIES = ["Springfield", "Riverton", "Fairview", "Georgetown", "Salem", "Madison", "Franklin", "Clinton"];

const phone = (random: Random) => `(${random.int(201, 989)}) ${random.int(200, 999)}-${random.int(1000, 9999)}`;
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");

function address(random: Random, prefix: string): Row {
  const state = random.pick(US_STATES);
  return {
    [`${prefix}Address1`]: `${random.int(10, 9999)} ${random.pick(LAST_NAMES)} ${random.pick(["St", "Ave", "Blvd", "Rd"])}`,
    [`${prefix}Address2`]: random.chance(0.2) ? `Suite ${random.int(100, 900)}` : null,
    [`${prefix}City`]: random.pick(CITIES),
    [`${prefix}State`]: state.code,
    [`${prefix}Zip`]: String(random.int(10_000, 99_999)),
    [`${prefix}Country`]: "US",
  };
}

export interface DemoDirectory {
  lookups: Row[];
  masterClients: Row[];
  clients: Row[];
  contacts: Row[];
  vendors: Row[];
  shippingCompanies: Row[];
}

/**
 * The address book at a scale (clients and vendors grow with it); fills in the directory's
 * columns of `employees` (type, e-mail, phone, hire date) in place.
 */
export function demoDirectory(scale: number, anchor: Date, employees: Row[]): DemoDirectory {
  const random = new Random(20_261_123);
  const lookups = LISTS.flatMap(([group, first, values]) =>
    values.map((value, sort) => ({
      appLookupID: first + sort,
      appLookupParentID: group,
      appLookupValue: value,
      appLookupCode: value.slice(0, 3).toUpperCase(),
      appLookupPrompt: value,
      appLookupSort: sort,
      appLookupMisc: null,
    })),
  );
  const projectCategories = listIDs(LOOKUP_GROUPS.projectCategories);
  const vendorCategories = listIDs(LOOKUP_GROUPS.vendorCategories);

  for (const employee of employees) {
    const first = String(employee.empFirstName);
    const last = String(employee.empLastName);
    employee.empType = random.pick([1, 1, 1, 1, 2, 3, 4]);
    employee.empEmail = `${slug(first)}.${slug(last)}${employee.empID}@office.example`;
    employee.empPhone = phone(random);
    employee.empHireDate = new Date(anchor.getTime() - random.int(30, 15 * 365) * DAY_MS).toISOString().slice(0, 10);
  }

  const masterCount = Math.max(1, Math.round((CLIENTS_AT_SCALE_1 / 10) * scale));
  const masterClients = Array.from({ length: masterCount }, (_, i) => ({
    masterClientID: i + 1,
    masterClientName: `${random.pick(LAST_NAMES)} ${random.pick(SUFFIXES)}`,
    masterClientNotes: random.chance(0.3) ? "Invoices go to the head office." : null,
  }));

  const clients: Row[] = [];
  const contacts: Row[] = [];
  const clientCount = Math.max(1, Math.round(CLIENTS_AT_SCALE_1 * scale));
  for (let clientID = 1; clientID <= clientCount; clientID++) {
    const name = `${random.pick(PLACES)} ${random.pick(SUFFIXES)}`;
    clients.push({
      clientID,
      clientName: name,
      masterClientID: random.chance(0.4) ? random.int(1, masterCount) : null,
      clientStatus: random.pick([2, 2, 2, 2, 3, 1]),
      clientCategory: random.pick(projectCategories),
      ...address(random, "client"),
      clientPhone: phone(random),
      clientPhoneExt: random.chance(0.3) ? String(random.int(10, 999)) : null,
      clientFax: random.chance(0.3) ? phone(random) : null,
      clientEmail: `office@${slug(name)}.example`,
      clientWebsite: random.chance(0.5) ? `https://www.${slug(name)}.example` : null,
      clientNotes: null,
    });
    for (let j = random.int(0, 3); j > 0; j--) {
      const contact = `${random.pick(LAST_NAMES)}`;
      contacts.push({
        // Its own id (the order it would get anyway): portal orders name contacts.
        contactID: contacts.length + 1,
        clientID,
        contactName: `${String.fromCharCode(65 + random.int(0, 25))}. ${contact}`,
        contactTitle: random.pick(TITLES),
        contactEmail: `${slug(contact)}@${slug(name)}.example`,
        contactPhone: phone(random),
        contactPhoneExt: random.chance(0.4) ? String(random.int(10, 999)) : null,
        contactNotes: null,
      });
    }
  }

  const vendors: Row[] = [];
  const vendorCount = Math.max(1, Math.round(VENDORS_AT_SCALE_1 * scale));
  for (let vendorID = 1; vendorID <= vendorCount; vendorID++) {
    const name = `${random.pick(LAST_NAMES)} ${random.pick(TRADES)}`;
    vendors.push({
      vendorID,
      vendorName: name,
      vendorActive: random.chance(0.9) ? 1 : 0,
      vendorCategory: random.pick(vendorCategories),
      vendorBusinessType: random.pick([1, 1, 2]),
      vendorPreferredQuote: random.pick([1, 2, 2, 3]),
      vendorContact: `${String.fromCharCode(65 + random.int(0, 25))}. ${random.pick(LAST_NAMES)}`,
      ...address(random, "vendor"),
      vendorPhone: phone(random),
      vendorPhoneExt: null,
      vendorFax: random.chance(0.3) ? phone(random) : null,
      vendorEmail: `sales@${slug(name)}.example`,
      vendorTaxID: `${random.int(10, 99)}-${random.int(1_000_000, 9_999_999)}`,
      vendorPaymentTerms: random.pick(TERMS),
      vendorNotes: null,
    });
  }

  const shippingCompanies: Row[] = [
    ["UPS", "1Z999AA1", [1, 2, 3, 4, 5], "https://www.ups.com/track?tracknum={trackingNumber}", 1],
    ["FedEx", "FX-220914", [1, 2, 4, 5], "https://www.fedex.com/fedextrack/?trknbr={trackingNumber}", 1],
    ["USPS", null, [1, 3, 6], "https://tools.usps.com/go/TrackConfirmAction?tLabels={trackingNumber}", 1],
    ["Metro Courier", "MC-1042", [4, 6], null, 0],
  ].map(([name, account, types, url, active], i) => ({
    shippingCompanyID: i + 1,
    shippingCompanyName: name as string,
    shippingCompanyActive: active as number,
    shippingAccountNumber: account as string | null,
    shippingDeliveryTypes: formatPipeList((types as number[]).map(String)),
    shippingTrackingURL: url as string | null,
    shippingPhone: phone(random),
    shippingNotes: null,
  }));

  return { lookups, masterClients, clients, contacts, vendors, shippingCompanies };
}
