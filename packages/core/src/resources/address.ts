import { COUNTRY_OPTIONS } from "../lookups/countries.js";
import { US_STATE_OPTIONS } from "../lookups/us-states.js";
import { type Column, col } from "./column.js";

type AddressColumns<P extends string> = Record<
  `${P}Address1` | `${P}Address2` | `${P}City` | `${P}State` | `${P}Zip` | `${P}Country`,
  Column
>;

/** A postal address, the same on every table that keeps one, its columns named after the table's prefix. */
export function addressColumns<P extends string>(prefix: P): AddressColumns<P> {
  const optional = (max: number, label: string) => col.text(max, { nullable: true, emptyAsNull: true, label });
  return {
    [`${prefix}Address1`]: optional(100, "Address"),
    [`${prefix}Address2`]: optional(100, "Address Line 2"),
    [`${prefix}City`]: optional(60, "City"),
    [`${prefix}State`]: col.choice(US_STATE_OPTIONS, { nullable: true, label: "State" }),
    [`${prefix}Zip`]: optional(10, "ZIP"),
    [`${prefix}Country`]: col.choice(COUNTRY_OPTIONS, { nullable: true, label: "Country", initial: "US" }),
  } as AddressColumns<P>;
}
