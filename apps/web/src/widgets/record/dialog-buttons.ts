import type { RecordRights } from "../../services/access";
export type DialogMode = "INSERT" | "UPDATE" | "SELECT" | "SAVE&SELECT";

export type DialogAction = "cancel" | "insert" | "update" | "delete" | "select" | "saveSelect";

export interface DialogButton {
  action: DialogAction;
  label: string;
  disabled?: boolean;
}

/** The user's permissions for the dialog's buttons (a button shows only when its permission is true). */
export type DialogRights = RecordRights;

/**
 * The buttons of the record dialog in each mode: INSERT Cancel and Insert, UPDATE
 * Delete and Update, SELECT a Select enabled only with a selection, SAVE&SELECT one button
 * that inserts and selects what it inserted.
 */
export function dialogButtons(mode: DialogMode, can: DialogRights, selected = false): DialogButton[] {
  switch (mode) {
    case "INSERT":
      return [
        { action: "cancel", label: "Cancel" },
        ...(can.add ? [{ action: "insert", label: "Insert" } as const] : []),
      ];
    case "UPDATE":
      return [
        ...(can.del ? [{ action: "delete", label: "Delete" } as const] : []),
        ...(can.change ? [{ action: "update", label: "Update" } as const] : []),
      ];
    case "SELECT":
      return [{ action: "select", label: "Select", disabled: !selected }];
    case "SAVE&SELECT":
      return can.add ? [{ action: "saveSelect", label: "Save & Select" }] : [];
  }
}
