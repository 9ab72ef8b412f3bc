import { ADMIN_TOOL_OPERATIONS } from "./admin-tools.js";
import { ADMINISTRATION_OPERATIONS } from "./administration.js";
import { AVAILABILITY_OPERATIONS } from "./availability.js";
import { BOARD_OPERATIONS } from "./board.js";
import { CALENDAR_OPERATIONS } from "./calendar.js";
import { CALENDAR_FEED_OPERATIONS } from "./calendar-feed.js";
import { CREDIT_CARD_OPERATIONS } from "./credit-cards.js";
import { NETWORK_OPERATIONS } from "./network.js";
import { NOTIFICATION_OPERATIONS } from "./notifications.js";
import type { Operation } from "./operation.js";
import { RECORD_OPERATIONS } from "./records.js";
import { REPORT_OPERATIONS } from "./reports.js";
import { SETTING_OPERATIONS } from "./settings.js";
import { SHIPPING_OPERATIONS } from "./shipping.js";

export * from "./admin-tools.js";
export * from "./administration.js";
export * from "./availability.js";
export * from "./board.js";
export * from "./calendar.js";
export * from "./calendar-feed.js";
export * from "./credit-cards.js";
export * from "./inputs.js";
export * from "./named-queries.js";
export * from "./network.js";
export * from "./notifications.js";
export * from "./operation.js";
export * from "./records.js";
export * from "./reports.js";
export * from "./settings.js";
export * from "./shipping.js";

/** Every operation, by name: the calls of the server's own beside the data service. */
export const OPERATIONS = {
  ...CREDIT_CARD_OPERATIONS,
  ...ADMINISTRATION_OPERATIONS,
  ...RECORD_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,
  ...CALENDAR_OPERATIONS,
  ...AVAILABILITY_OPERATIONS,
  ...CALENDAR_FEED_OPERATIONS,
  ...NETWORK_OPERATIONS,
  ...SHIPPING_OPERATIONS,
  ...BOARD_OPERATIONS,
  ...SETTING_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...ADMIN_TOOL_OPERATIONS,
} as const;

export type OperationName = keyof typeof OPERATIONS;

/** The operations as a list, each with its name (a test goes through all of them). */
export const OPERATION_LIST: ReadonlyArray<Operation<unknown, unknown> & { name: OperationName }> = Object.entries(
  OPERATIONS,
).map(([name, op]) => ({ ...(op as Operation<unknown, unknown>), name: name as OperationName }));
