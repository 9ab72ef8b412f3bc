import type { SettingChange, SettingChanged, SettingsAnswer } from "../settings.js";
import { operation } from "./operation.js";

const tag = "Settings";

/** The one pair of calls every setting is served by (core's settings.ts declares them). */
export const SETTING_OPERATIONS = {
  settings: operation<void, SettingsAnswer>({
    method: "GET",
    path: "/API/Settings/",
    summary:
      "The caller's own settings (`personal`), and for administrators the company's (`company`: each with what is in force, the fields an environment variable sets, and its version). A secret is never sent: only \"set\" when it is.",
    tag,
    reads: ["appSetting", "employeeSetting"],
    changes: [],
  }),
  changeSetting: operation<SettingChange, SettingChanged>({
    method: "PUT",
    path: "/API/Settings/",
    summary:
      "Changes some fields of one setting: one's own, or the company's (administrators; `version` as read, else 409 when another change came between). A secret's empty text clears it; a field an environment variable sets is refused. Audited; in force on every server without a restart.",
    tag,
    reads: [],
    changes: ["appSetting", "employeeSetting"],
  }),
} as const;
