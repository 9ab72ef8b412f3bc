import { type Kysely, sql } from "kysely";

/**
 * The releases since the first three, as the notes of 0004 describe theirs: what Office does
 * now, for every installation. The newest note's version is the product's (package.json's):
 * a test fails when a release is made without its note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into "tblReleaseNote" ("releaseNoteVersion", "releaseNoteDate", "releaseNoteTitle", "releaseNoteBody") values
    ('0.4.0', '2026-11-23', 'Employees, clients, vendors and shipping companies',
     'Each has its list, a search by its criteria, and a page of its own with its contacts and related records. Lists of values (client categories, note types, schedule categories) are edited on the Lists page.'),
    ('0.5.0', '2026-11-24', 'Projects, their statuses and time notes',
     'Projects with their status history, the status dashboard and audit, portal orders that become projects, and time notes logged from any page with Project Notes, with this week''s hours in the header.'),
    ('0.6.0', '2026-11-25', 'See who is in',
     'Set yourself In, on Break or Out, and see your colleagues'' status change live in the avatar''s panel.'),
    ('0.7.0', '2026-11-26', 'Home, the palette and dark mode',
     'Home shows your week, your recent projects, what waits for you and what is new. Ctrl K finds any page or record. Choose light, dark or your system''s colours in Settings.'),
    ('0.8.0', '2026-11-26', 'Company credit cards',
     'Ask to use a card; its holder (and, over its monthly limit, an approver) decides in the Inbox. Enter a charge with your approval code, import a card''s statement, and attach receipts.'),
    ('0.9.0', '2026-11-28', 'A working day without interruptions',
     'Your session is renewed while you work and lasts the working day. Files attached to a record are listed, opened and removed there. Excel exports keep amounts, durations and dates as numbers and dates you can sum.')`.execute(
    db,
  );
}
