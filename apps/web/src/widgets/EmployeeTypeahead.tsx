import { ACTIVE_EMPLOYEE } from "@office/core";
import { searchWhere } from "./form/reference-rows";
import { type Row, Typeahead } from "./Typeahead";

/** Every employee, those who left included: whose past changes the audit trail may be narrowed to. */
const ANY_EMPLOYEE = { ...ACTIVE_EMPLOYEE, activeColumn: undefined };

/**
 * An employee chosen by name (searched on the server: the directory may hold thousands), active
 * ones only unless `former` (View as's choice; the audit trail's filter takes anyone). The row
 * chosen is given back with its id. `adding`: a box that empties itself once one is chosen
 * (a list of employees grows by it), its label its placeholder.
 */
export function EmployeeTypeahead(props: {
  label: string;
  value: Row | undefined;
  onChange: (row: Row | undefined) => void;
  width?: number | string;
  clearable?: boolean;
  former?: boolean;
  adding?: boolean;
}) {
  const reference = props.former ? ANY_EMPLOYEE : ACTIVE_EMPLOYEE;
  return (
    <Typeahead
      label={props.label}
      labelVisible={!props.adding}
      placeholder={props.adding ? `${props.label} by name` : "Search by name"}
      table={ACTIVE_EMPLOYEE.table}
      fields="empID,empName,empActive"
      order="empName"
      whereFor={(term) => searchWhere(reference, undefined, term)}
      browse
      valueFor={(row) => String(row.empID)}
      labelFor={(row) => String(row.empName)}
      value={props.value ? String(props.value.empID) : null}
      selectedRow={props.value}
      onChange={(_, row) => props.onChange(row)}
      {...(props.adding ? { clearOnChoose: true } : {})}
      {...(props.width !== undefined ? { width: props.width } : {})}
      {...(props.clearable ? { clearable: true } : {})}
    />
  );
}
