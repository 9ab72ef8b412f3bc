import type { LookupOption } from "./enumerations.js";

/** The 50 US states (docs/product-rules.md#lookup-lists): USPS code, the value stored, and name. */
export interface UsState {
  code: string;
  name: string;
}

const ROWS = `
AL Alabama
AK Alaska
AZ Arizona
AR Arkansas
CA California
CO Colorado
CT Connecticut
DE Delaware
FL Florida
GA Georgia
HI Hawaii
ID Idaho
IL Illinois
IN Indiana
IA Iowa
KS Kansas
KY Kentucky
LA Louisiana
ME Maine
MD Maryland
MA Massachusetts
MI Michigan
MN Minnesota
MS Mississippi
MO Missouri
MT Montana
NE Nebraska
NV Nevada
NH New Hampshire
NJ New Jersey
NM New Mexico
NY New York
NC North Carolina
ND North Dakota
OH Ohio
OK Oklahoma
OR Oregon
PA Pennsylvania
RI Rhode Island
SC South Carolina
SD South Dakota
TN Tennessee
TX Texas
UT Utah
VT Vermont
VA Virginia
WA Washington
WV West Virginia
WI Wisconsin
WY Wyoming
`;

export const US_STATES: readonly UsState[] = ROWS.trim()
  .split("\n")
  .map((line) => ({ code: line.slice(0, 2), name: line.slice(3) }));

export const US_STATE_OPTIONS: readonly LookupOption<string>[] = US_STATES.map((s) => ({
  value: s.code,
  label: s.name,
}));
