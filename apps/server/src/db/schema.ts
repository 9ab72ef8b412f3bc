import type { ColumnType, Generated } from "kysely";

/** Timestamps are written as Date or ISO text and read back as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TblAppLookup {
  appLookupID: Generated<number>;
  appLookupParentID: string;
  appLookupValue: string | null;
  appLookupCode: string | null;
  appLookupPrompt: string | null;
  appLookupSort: Generated<number>;
  appLookupMisc: string | null;
}

export interface TblEmployee {
  empID: Generated<number>;
  empFirstName: string;
  empLastName: string;
  empActive: Generated<number>;
  empDepartment: number | null;
  empManagerID: number | null;
  empOfficeExtention: string | null;
  empOfficeHoursSu: string | null;
  empOfficeHoursMo: string | null;
  empOfficeHoursTu: string | null;
  empOfficeHoursWe: string | null;
  empOfficeHoursTh: string | null;
  empOfficeHoursFr: string | null;
  empOfficeHoursSa: string | null;
  empAvailabilityType: "In" | "Break" | "Out" | null;
  empAvailabilityTS: Timestamp | null;
  empType: number | null;
  empEmail: string | null;
  empPhone: string | null;
  empHireDate: Date | string | null;
}

type Address<P extends string> = Record<
  `${P}Address1` | `${P}Address2` | `${P}City` | `${P}State` | `${P}Zip` | `${P}Country`,
  string | null
>;

export interface TblMasterClient {
  masterClientID: Generated<number>;
  masterClientName: string;
  masterClientNotes: string | null;
  createdTS: GeneratedTimestamp;
}

export type TblClient = Address<"client"> & {
  clientID: Generated<number>;
  clientName: string;
  masterClientID: number | null;
  clientStatus: Generated<number>;
  clientCategory: number | null;
  clientPhone: string | null;
  clientPhoneExt: string | null;
  clientFax: string | null;
  clientEmail: string | null;
  clientWebsite: string | null;
  clientNotes: string | null;
  createdTS: GeneratedTimestamp;
};

export interface TblClientContact {
  contactID: Generated<number>;
  clientID: number;
  contactName: string;
  contactTitle: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactPhoneExt: string | null;
  contactNotes: string | null;
}

export type TblVendor = Address<"vendor"> & {
  vendorID: Generated<number>;
  vendorName: string;
  vendorActive: Generated<number>;
  vendorCategory: number | null;
  vendorBusinessType: number | null;
  vendorPreferredQuote: number | null;
  vendorContact: string | null;
  vendorPhone: string | null;
  vendorPhoneExt: string | null;
  vendorFax: string | null;
  vendorEmail: string | null;
  vendorTaxID: string | null;
  vendorPaymentTerms: string | null;
  vendorNotes: string | null;
  createdTS: GeneratedTimestamp;
};

export interface TblShippingCompany {
  shippingCompanyID: Generated<number>;
  shippingCompanyName: string;
  shippingCompanyActive: Generated<number>;
  shippingAccountNumber: string | null;
  shippingDeliveryTypes: string | null;
  shippingTrackingURL: string | null;
  shippingPhone: string | null;
  shippingNotes: string | null;
  createdTS: GeneratedTimestamp;
}

export interface TblPermission {
  permissionID: Generated<number>;
  empID: number;
  permissionPageID: number;
  permissionView: Generated<number>;
  permissionAdd: Generated<number>;
  permissionChange: Generated<number>;
  permissionDel: Generated<number>;
}

export interface TblProject {
  projectID: Generated<number>;
  projectName: string;
  projectFirstSourceNumber: string | null;
  projectSecondSourceNumber: string | null;
  projectClientID: number | null;
  projectCategory: number | null;
  projectOwnerID: number | null;
  projectStartDate: Date | string | null;
  projectDueDate: Date | string | null;
  projectDescription: string | null;
  /** Kept by the database from tblProjectStatus, whatever a write sends. */
  projectLatestStatusCodeID: ColumnType<number | null, never, never>;
  projectLatestStatusTS: ColumnType<Date | null, never, never>;
  projectCreatedTS: GeneratedTimestamp;
  /** The texts lower-cased, kept by the database: the project type-ahead's LIKE reads these (migration 0027). */
  projectNameFolded: ColumnType<string | null, never, never>;
  projectFirstSourceFolded: ColumnType<string | null, never, never>;
  projectSecondSourceFolded: ColumnType<string | null, never, never>;
}

export interface TblProjectStatus {
  projectStatusID: Generated<number>;
  projectID: number;
  projectStatusCodeID: number;
  empID: number | null;
  createdTS: GeneratedTimestamp;
}

export interface TblPortalOrder {
  portalOrderID: Generated<number>;
  portalOrderNumber: string;
  portalOrderTitle: string;
  clientID: number;
  contactID: number | null;
  portalOrderRequestedDate: Date | string | null;
  portalOrderStatus: Generated<number>;
  portalOrderNotes: string | null;
  projectID: number | null;
  createdTS: GeneratedTimestamp;
}

export interface TblPortalOrderItem {
  portalOrderItemID: Generated<number>;
  portalOrderID: number;
  itemCategory: number | null;
  itemDescription: string;
  itemQuantity: number;
}

export interface TblProjectNotes {
  projectNotesID: Generated<number>;
  projectID: number;
  empID: number;
  projectNoteCategory: Generated<number>;
  ProjectNotesMinutes: number;
  ProjectNotesDesc: string | null;
  createdTS: GeneratedTimestamp;
}

/** Amounts are numeric(12,2): written as text or a number, read back as text ("1234.50"). */
type Money = ColumnType<string, string | number, string | number>;

export interface TblCC {
  ccID: Generated<number>;
  empID: number;
  ccStatus: Generated<number>;
  ccName: Generated<string>;
  ccLastFour: string;
  ccMonthlyLimit: ColumnType<string, string | number | undefined, string | number>;
  createdTS: GeneratedTimestamp;
}

/** A request to use a card (migration 0010). */
export interface TblCCPermission {
  ccPermissionID: Generated<number>;
  ccID: number;
  empID: number;
  ccPermissionOverLimitApprovalStatus: Generated<number>;
  ccPermissionCCUsedApprovalStatus: Generated<number>;
  projectID: number | null;
  ccPermissionPurpose: string | null;
  ccPermissionAmount: Money | null;
  ccPermissionOverLimit: Generated<number>;
  ccPermissionRequestedTS: GeneratedTimestamp;
  ccPermissionUsedDecidedBy: number | null;
  ccPermissionUsedDecidedTS: Timestamp | null;
  ccPermissionUsedReason: string | null;
  ccPermissionOverLimitDecidedBy: number | null;
  ccPermissionOverLimitDecidedTS: Timestamp | null;
  ccPermissionOverLimitReason: string | null;
  ccPermissionApprovalCode: string | null;
  ccPermissionCodeUsedTS: Timestamp | null;
  ccPermissionVersion: Generated<number>;
}

/** An import of a card's statement (migration 0011). */
export interface TblCCStatement {
  ccStatementID: Generated<number>;
  ccID: number;
  fileName: string | null;
  lineCount: number;
  importedCount: number;
  firstDate: ColumnType<string | null, string | null, string | null>;
  lastDate: ColumnType<string | null, string | null, string | null>;
  empID: number | null;
  createdTS: GeneratedTimestamp;
}

/** A charge on a card: entered with an approval code, or a statement's line (migration 0011). */
export interface TblCCCharge {
  ccChargeID: Generated<number>;
  ccID: number;
  empID: number | null;
  ccPermissionID: number | null;
  projectID: number | null;
  ccChargeDate: ColumnType<string, string, string>;
  ccChargeAmount: Money;
  ccChargeMerchant: string;
  ccChargeSource: "entered" | "statement";
  ccStatementID: number | null;
  ccChargeBankRef: string | null;
  createdTS: GeneratedTimestamp;
}

export interface TblEvent {
  eventID: Generated<number>;
  eventTitle: string;
  eventCategory: number | null;
  eventStart: string;
  eventMinutes: number;
  eventAllDay: Generated<number>;
  eventZone: string;
  eventLocation: string | null;
  eventLink: string | null;
  eventLinkTarget: Generated<number>;
  eventVisibleFor: Generated<number>;
  eventRecurrence: Generated<number>;
  eventRecurrenceDays: string | null;
  eventRecurrenceUntil: ColumnType<string | null, string | null | undefined, string | null>;
  eventRecurrenceCount: number | null;
  eventDescription: string | null;
  eventFrom: Timestamp;
  eventTo: Timestamp;
  empID: number | null;
  createdTS: GeneratedTimestamp;
}

export interface TblEventAttendee {
  eventID: number;
  empID: number;
}

export interface TblEventException {
  eventID: number;
  exceptionOriginal: string;
  exceptionCancelled: Generated<number>;
  exceptionStart: string | null;
  exceptionMinutes: number | null;
  exceptionTitle: string | null;
}

/** An employee's private iCalendar address (migration 0020): its secret's SHA-256, the secret sealed, its sign-in's epoch. */
export interface CalendarFeed {
  empID: number;
  tokenHash: string;
  tokenSealed: string;
  /** The sign-in's token epoch when it was made: a later one ends it. */
  tokenEpoch: number;
  createdTS: GeneratedTimestamp;
}

export interface AuthAccount {
  accountID: Generated<number>;
  empID: number;
  username: string;
  passwordHash: string;
  disabled: Generated<boolean>;
  tokenEpoch: Generated<number>;
  passwordChangedTS: GeneratedTimestamp;
  createdTS: GeneratedTimestamp;
}

/** Kept by the database (migration 0009): an employee's last note, status or ownership of a project. */
export interface TblProjectActivity {
  empID: number;
  projectID: number;
  lastActivityTS: Timestamp;
}

export interface AuthSession {
  sessionID: string;
  empID: number;
  /** The session's absolute end: no token of it outlives this. */
  expiresAt: Timestamp;
  createdTS: GeneratedTimestamp;
}

/** Changes of sign-ins and rights, counted (migration 0014): a process that missed a notification sees it move. */
export interface AuthChange {
  id: Generated<number>;
  version: Generated<number>;
}

export interface AuthLoginFailure {
  failureID: Generated<number>;
  username: string;
  address: string;
  createdTS: GeneratedTimestamp;
}

export interface AppSetting {
  key: string;
  value: string;
  createdTS: GeneratedTimestamp;
  version: Generated<number>;
  changedTS: GeneratedTimestamp;
}

export interface EmployeeSetting {
  empID: number;
  key: string;
  value: string;
  version: Generated<number>;
  changedTS: GeneratedTimestamp;
}

export interface ViewAsLog {
  viewAsID: Generated<number>;
  adminEmpID: number;
  empID: number;
  createdTS: GeneratedTimestamp;
}

export interface SettingChange {
  id: Generated<number>;
  version: Generated<number>;
}

export interface AuditLog {
  auditID: Generated<number>;
  empID: number | null;
  action: "insert" | "update" | "delete" | "restore";
  tableName: string;
  recordKey: string;
  before: unknown;
  after: unknown;
  createdTS: GeneratedTimestamp;
}

export interface IdempotencyKey {
  empID: number;
  key: string;
  tableName: string;
  response: unknown;
  createdTS: GeneratedTimestamp;
}

export interface Notification {
  notificationID: Generated<number>;
  empID: number;
  kind: string;
  byEmpID: number | null;
  tableName: string | null;
  count: Generated<number>;
  about: string | null;
  detail: string | null;
  href: string | null;
  createdTS: GeneratedTimestamp;
  readTS: Timestamp | null;
}

export interface Upload {
  uploadID: string;
  tableName: string;
  recordKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  empID: number | null;
  createdTS: GeneratedTimestamp;
}

export interface TblReleaseNote {
  releaseNoteID: Generated<number>;
  releaseNoteVersion: string;
  releaseNoteDate: Date | string;
  releaseNoteTitle: string;
  releaseNoteBody: string | null;
  empID: number | null;
  createdTS: Generated<Date>;
}

/** Dates (date columns) are written as ISO text and read back as ISO text. */
type Day = ColumnType<string, string, string>;

export interface TblShipment {
  shipmentID: Generated<number>;
  projectID: number;
  trackingNumber: string;
  carrier: string | null;
  shippingCompanyID: number | null;
  deliveryType: number | null;
  shippedDate: Day | null;
  promisedDate: Day | null;
  shipmentNotes: string | null;
  trackingStatus: string | null;
  trackingStatusText: string | null;
  trackingStatusTS: Timestamp | null;
  trackingLocation: string | null;
  trackingCheckedTS: Timestamp | null;
  trackingProblem: string | null;
  stuckReason: string | null;
  empID: number | null;
  createdTS: GeneratedTimestamp;
}

export interface TblShipmentScan {
  scanID: Generated<number>;
  shipmentID: number;
  scanTS: Timestamp;
  scanStatus: string;
  scanCode: string;
  scanDescription: string;
  scanLocation: string | null;
}

/** A run of a declared job (jobs/): at most one running per job, held by its process's lease. */
export interface JobRun {
  runID: Generated<number>;
  job: string;
  runState: Generated<"running" | "done" | "failed">;
  slot: Timestamp | null;
  requestedBy: number | null;
  startedTS: GeneratedTimestamp;
  leaseUntil: Timestamp;
  holder: string;
  attempts: Generated<number>;
  finishedTS: Timestamp | null;
  result: ColumnType<unknown, string | null, string | null> | null;
  error: string | null;
}

/**
 * Which transactions wrote which table (migration 0025): a search a process knows is used only
 * while none that committed since it was counted wrote what it reads (data/known-searches.ts).
 */
export interface TableChange {
  xid: Generated<string>;
  table: string;
  seen: Timestamp | null;
}

/** A chunk of an attached file's bytes (migration 0026), where the files are kept in the database. */
export interface UploadChunk {
  uploadID: string;
  n: number;
  bytes: Uint8Array;
}

export interface DB {
  tblAppLookup: TblAppLookup;
  tblEmployee: TblEmployee;
  tblPermission: TblPermission;
  tblProject: TblProject;
  tblProjectStatus: TblProjectStatus;
  tblProjectNotes: TblProjectNotes;
  tblProjectActivity: TblProjectActivity;
  tblPortalOrder: TblPortalOrder;
  tblPortalOrderItem: TblPortalOrderItem;
  tblCC: TblCC;
  tblCCPermission: TblCCPermission;
  tblCCStatement: TblCCStatement;
  tblCCCharge: TblCCCharge;
  tblReleaseNote: TblReleaseNote;
  tblMasterClient: TblMasterClient;
  tblClient: TblClient;
  tblClientContact: TblClientContact;
  tblVendor: TblVendor;
  tblShippingCompany: TblShippingCompany;
  tblShipment: TblShipment;
  tblShipmentScan: TblShipmentScan;
  jobRun: JobRun;
  tblEvent: TblEvent;
  tblEventAttendee: TblEventAttendee;
  tblEventException: TblEventException;
  calendarFeed: CalendarFeed;
  authAccount: AuthAccount;
  authSession: AuthSession;
  authLoginFailure: AuthLoginFailure;
  authChange: AuthChange;
  appSetting: AppSetting;
  employeeSetting: EmployeeSetting;
  settingChange: SettingChange;
  viewAsLog: ViewAsLog;
  auditLog: AuditLog;
  idempotencyKey: IdempotencyKey;
  upload: Upload;
  notification: Notification;
  tableChange: TableChange;
  uploadChunk: UploadChunk;
}
