import { tblProjectStatus } from "@office/core";
import type { BulkAction } from "../../area-engine/bulk-actions";
import { SetStatusOfSeveral } from "./SetStatusOfSeveral";

export { ProjectPanel as default } from "./ProjectPanel";

/** Projects chosen together in Project Search take one status (add on the status history). */
export const bulk: readonly BulkAction[] = [{ resource: tblProjectStatus, flag: "add", Action: SetStatusOfSeveral }];
