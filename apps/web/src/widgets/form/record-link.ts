import { recordHref, recordTarget } from "@office/core";
import { useAccess } from "../../services/access";

/**
 * The address of the record a reference's value names (a project's client), or undefined: no
 * value, a table no area opens (a lookup list), or an area the user may not view.
 */
export function useRecordLink(table: string, value: string): string | undefined {
  const access = useAccess();
  const target = recordTarget(table);
  return value !== "" && target && access.opens(target) ? recordHref(target, value) : undefined;
}
