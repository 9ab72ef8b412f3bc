import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { hashPassword } from "../../auth/passwords.js";
import { type FileStore, type FileStoreKind, fileStore } from "../../data/file-store.js";
import type { S3Place } from "../../data/s3-store.js";
import type { DB } from "../schema.js";
import { bulkInsert } from "./bulk-insert.js";
import { RECEIPT_PDF } from "./demo-cards.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoCompany, demoCompany } from "./demo-company.js";
import { demoEvents } from "./demo-events.js";
import { demoProjects } from "./demo-projects.js";
import { demoShipments } from "./demo-shipments.js";

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-company.js";

export interface SeedOptions {
  /** Multiplies projects and notes: 1 is about 3,000 projects and 50,000 notes. */
  scale: number;
  /** The moment the demo's "now" stands for; the start of today (UTC) by default. */
  anchor?: Date;
  /**
   * Where uploaded files live (UPLOAD_DIR): the demo's card receipts are written there. Without
   * it (the tests' seeds), no receipt is attached.
   */
  uploadDir?: string;
  /** Where the files' bytes are kept (UPLOAD_STORE): the receipts go there; UPLOAD_DIR by default. */
  uploadStore?: FileStoreKind;
  /** The bucket, where UPLOAD_STORE=s3. */
  s3?: S3Place;
  /** The company's time zone (COMPANY_TIME_ZONE): the demo calendar's events are on its clock. */
  timeZone?: string;
}

// Records that (and how) the demo company was seeded.
const MARKER = "demoSeed";

/** Whether the database holds any company data (an empty one may be seeded). */
export async function hasCompanyData(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom("tblEmployee").select("empID").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether the database holds the demo company (its carrier then tracks the demo's parcels). */
export async function isDemoCompany(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom("appSetting").select("key").where("key", "=", MARKER).executeTakeFirst();
  return row !== undefined;
}

/** Fills an empty database with the demo company, in one transaction. */
export async function seedDemo(db: Kysely<DB>, options: SeedOptions): Promise<void> {
  const anchor = options.anchor ?? startOfTodayUtc();
  const company = demoCompany(options.scale, anchor);
  const { directory } = company;
  const projects = demoProjects({ ...company, ...directory }, options.scale, anchor);
  const calendar = demoEvents(
    options.scale,
    anchor,
    company.employees as unknown as Parameters<typeof demoEvents>[2],
    options.timeZone ?? "America/New_York",
  );
  const parcels = demoShipments(projects.projects, options.scale, anchor, options.timeZone ?? "America/New_York");
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (tx) => {
    // In the order of the foreign keys; managers are rows of the same statement as their
    // staff, which is fine: foreign keys are checked at the end of a statement.
    await bulkInsert(tx, "tblAppLookup", company.lookups);
    await bulkInsert(tx, "tblEmployee", company.employees);
    await bulkInsert(tx, "tblPermission", company.permissions);
    await bulkInsert(tx, "tblMasterClient", directory.masterClients);
    await bulkInsert(tx, "tblClient", directory.clients);
    await bulkInsert(tx, "tblClientContact", directory.contacts);
    await bulkInsert(tx, "tblProject", projects.projects);
    await bulkInsert(tx, "tblProjectStatus", projects.statuses);
    await bulkInsert(tx, "tblProjectNotes", company.notes);
    await bulkInsert(tx, "tblPortalOrder", projects.portalOrders);
    await bulkInsert(tx, "tblPortalOrderItem", projects.portalOrderItems);
    await bulkInsert(tx, "tblCC", company.cards);
    await bulkInsert(tx, "tblCCPermission", company.cardPermissions);
    await bulkInsert(tx, "tblCCStatement", company.cardStatements);
    await bulkInsert(tx, "tblCCCharge", company.cardCharges);
    if (options.uploadDir) {
      if (options.uploadStore === "database") await keepReceipts(tx, company.cardReceipts);
      else
        await sendReceipts(
          tx,
          fileStore(options.uploadStore ?? "directory", options.uploadDir, options.s3),
          company.cardReceipts,
        );
      await bulkInsert(tx, "upload", company.cardReceipts);
    }
    await bulkInsert(tx, "tblVendor", directory.vendors);
    await bulkInsert(tx, "tblShippingCompany", directory.shippingCompanies);
    await bulkInsert(tx, "tblShipment", parcels.shipments);
    await bulkInsert(tx, "tblShipmentScan", parcels.scans);
    await bulkInsert(tx, "tblEvent", calendar.events);
    await bulkInsert(tx, "tblEventAttendee", calendar.attendees);
    await tx
      .insertInto("authAccount")
      .values(DEMO_ACCOUNTS.map(({ username, empID }) => ({ username, empID, passwordHash })))
      .execute();
    await tx
      .insertInto("appSetting")
      .values({ key: MARKER, value: JSON.stringify({ scale: options.scale, anchor: anchor.toISOString() }) })
      .execute();
  });
  // A bulk load leaves the trigram indexes' pending lists long and the statistics stale;
  // vacuum merges the one and analyze refreshes the other (seven times faster searches).
  // Maintenance, not a request: it takes what it takes (the statement timeout is for requests).
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`vacuum analyze`.execute(connection);
    await sql`reset statement_timeout`.execute(connection);
  });
}

/** The demo receipts' files, one small PDF each, named by their upload ids as uploads are. */
/** The receipts' bytes as rows of `uploadChunk`, a statement per 500 (each receipt is one chunk). */
async function keepReceipts(tx: Kysely<DB>, receipts: DemoCompany["cardReceipts"]): Promise<void> {
  for (let at = 0; at < receipts.length; at += 500) {
    const rows = receipts
      .slice(at, at + 500)
      .map((receipt) => ({ uploadID: String(receipt.uploadID), n: 0, bytes: RECEIPT_PDF }));
    await tx.insertInto("uploadChunk").values(rows).execute();
  }
}

/** The receipts into a directory or a bucket, each as an upload is kept (received into the store's directory first). */
async function sendReceipts(tx: Kysely<DB>, store: FileStore, receipts: DemoCompany["cardReceipts"]): Promise<void> {
  await mkdir(store.dir, { recursive: true });
  for (const receipt of receipts) {
    const partial = join(store.dir, `${receipt.uploadID}.part`);
    await writeFile(partial, RECEIPT_PDF, { mode: 0o600 });
    await store.keep(tx, String(receipt.uploadID), partial);
  }
}

export function startOfTodayUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
