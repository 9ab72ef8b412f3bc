import { useWindowEvent } from "@mantine/hooks";
import type { DepartmentGroup } from "@office/core";

/** A department group's key: its department, or "none" for colleagues without one. */
export const groupKey = (group: Pick<DepartmentGroup, "department">) => String(group.department ?? "none");

const SHOW_DEPARTMENT = "office:show-department";

/** Asks the header's avatar panel to open on one department, expanded (Home's colleagues do). */
export function showDepartment(department: number | null) {
  window.dispatchEvent(new CustomEvent(SHOW_DEPARTMENT, { detail: groupKey({ department }) }));
}

/** Hears `showDepartment`, with the group's key. */
export function useShowDepartment(handler: (key: string) => void) {
  useWindowEvent(SHOW_DEPARTMENT, (event) => handler(String((event as CustomEvent<string>).detail)));
}
