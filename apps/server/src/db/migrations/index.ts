import type { Migration } from "kysely";
import * as foundation from "./0001_foundation.js";
import * as dataService from "./0002_data_service.js";
import * as uploads from "./0003_uploads.js";
import * as releaseNotes from "./0004_release_notes.js";
import * as live from "./0005_live.js";
import * as directory from "./0006_directory.js";
import * as projects from "./0007_projects.js";
import * as sessions from "./0008_sessions.js";
import * as projectActivity from "./0009_project_activity.js";
import * as creditCards from "./0010_credit_cards.js";
import * as cardCharges from "./0011_card_charges.js";
import * as waitingApprovals from "./0012_waiting_approvals.js";
import * as receiptFiles from "./0013_receipt_files.js";
import * as authChanges from "./0014_auth_changes.js";
import * as releaseNotesToDate from "./0015_release_notes_to_date.js";
import * as notifications from "./0016_notifications.js";
import * as deletedRecords from "./0017_deleted_records.js";
import * as calendar from "./0018_calendar.js";
import * as outOfOfficeLive from "./0019_out_of_office_live.js";
import * as calendarFeed from "./0020_calendar_feed.js";
import * as shipments from "./0021_shipments.js";
import * as settings from "./0022_settings.js";
import * as adminTools from "./0023_admin_tools.js";
import * as noteSearchJoins from "./0024_note_search_joins.js";
import * as tableChanges from "./0025_table_changes.js";
import * as uploadChunks from "./0026_upload_chunks.js";
import * as foldedProjectSearch from "./0027_folded_project_search.js";

/** Forward-only migrations, in order. A new area adds its own numbered file here. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": foundation,
  "0002_data_service": dataService,
  "0003_uploads": uploads,
  "0004_release_notes": releaseNotes,
  "0005_live": live,
  "0006_directory": directory,
  "0007_projects": projects,
  "0008_sessions": sessions,
  "0009_project_activity": projectActivity,
  "0010_credit_cards": creditCards,
  "0011_card_charges": cardCharges,
  "0012_waiting_approvals": waitingApprovals,
  "0013_receipt_files": receiptFiles,
  "0014_auth_changes": authChanges,
  "0015_release_notes_to_date": releaseNotesToDate,
  "0016_notifications": notifications,
  "0017_deleted_records": deletedRecords,
  "0018_calendar": calendar,
  "0019_out_of_office_live": outOfOfficeLive,
  "0020_calendar_feed": calendarFeed,
  "0021_shipments": shipments,
  "0022_settings": settings,
  "0023_admin_tools": adminTools,
  "0024_note_search_joins": noteSearchJoins,
  "0025_table_changes": tableChanges,
  "0026_upload_chunks": uploadChunks,
  "0027_folded_project_search": foldedProjectSearch,
};
