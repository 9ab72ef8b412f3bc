import { describe, expect, it } from "vitest";
import { CARD_STATUS, CLIENT_STATUS } from "../lookups/enumerations.js";
import { RESOURCES } from "../resources/index.js";
import { findRoute } from "../site.js";
import { isStatus, projectStatusTone, statusTone } from "../status-tones.js";
import { AREAS, recordHref, recordTarget } from "./registry.js";

const named = [...RESOURCES.values()].flatMap((resource) =>
  Object.entries(resource.columns)
    .filter(([, column]) => column.names)
    .map(([name, column]) => ({ resource, name, ref: column.names ?? { key: "", table: "" } })),
);

describe("records that link (docs/decisions.md#records-that-link)", () => {
  it("declares the references the issue names as links", () => {
    const links = named.map(({ resource, name, ref }) => `${resource.name}.${name}→${ref.table}`);
    expect(links).toEqual(
      expect.arrayContaining([
        "vwProjectList.clientName→tblClient",
        "vwProjectList.ownerName→tblEmployee",
        "vwCardCharges.ccName→tblCC",
        "vwCardCharges.holderName→tblEmployee",
        "vwCardCharges.projectName→tblProject",
        "vwProjectNoteSearch.projectName→tblProject",
        "vwProjectNoteSearch.empName→tblEmployee",
      ]),
    );
  });

  it.each(named.map((n) => [`${n.resource.name}.${n.name}`, n] as const))(
    "%s names a key of its own row and a table that opens",
    (_, { resource, ref }) => {
      expect(resource.columns[ref.key], `${resource.name} has ${ref.key}`).toBeDefined();
      expect(recordTarget(ref.table), `${ref.table} opens somewhere`).toBeDefined();
    },
  );

  it("opens a record on its page, or on its list's dialog, behind its area's page", () => {
    const project = recordTarget("tblProject");
    expect(project && recordHref(project, 12)).toBe("/project/de?id=12");
    // The list view leads where its table does.
    expect(recordTarget("vwEmployeeDirectory")).toEqual(recordTarget("tblEmployee"));
    const master = recordTarget("tblMasterClient");
    expect(master && recordHref(master, 3)).toBe("/masterclient/all?id=3");
    expect(recordTarget("tblAppLookup")).toBeUndefined();
  });
});

describe("status tones (docs/decisions.md#status-tones)", () => {
  it("tones the enumerations by meaning", () => {
    const card = RESOURCES.get("tblCC")?.columns.ccStatus;
    const client = RESOURCES.get("tblClient")?.columns.clientStatus;
    if (!card || !client) throw new Error("columns missing");
    expect(statusTone(card, CARD_STATUS.code.active, {})).toBe("positive");
    expect(statusTone(card, CARD_STATUS.code.frozen, {})).toBe("caution");
    expect(statusTone(card, CARD_STATUS.code.closed, {})).toBe("neutral");
    expect(statusTone(client, CLIENT_STATUS.code.inactive, {})).toBe("neutral");
    expect(isStatus(card)).toBe(true);
    expect(isStatus(RESOURCES.get("tblProject")?.columns.projectName ?? card)).toBe(false);
  });

  it.each([
    [66, "Closed", "neutral"],
    [56, "Cancelled", "neutral"],
    [194, "Archived", "neutral"],
    // The closed codes are the product's whatever a list renamed them to.
    [66, "Finished and filed", "neutral"],
    [63, "On Hold", "caution"],
    [65, "Billing", "positive"],
    [62, "In Progress", "progress"],
    [60, "Bid", "progress"],
    [null, "On hold", "caution"],
    [null, null, undefined],
  ] as const)("a project status %s %s is %s", (code, name, tone) => {
    expect(projectStatusTone(code, name)).toBe(tone);
  });

  it("tones a project's status in its lists by the row's code", () => {
    const column = RESOURCES.get("vwProjectList")?.columns.latestStatusName;
    if (!column) throw new Error("column missing");
    expect(statusTone(column, "Wrapped up", { projectLatestStatusCodeID: 66 })).toBe("neutral");
    expect(statusTone(column, "On Hold", { projectLatestStatusCodeID: 63 })).toBe("caution");
  });
});

describe("the pages that go with an area's list", () => {
  it.each(AREAS.flatMap((area) => (area.related ?? []).map((r) => [area.noun, r.path] as const)))(
    "%s: %s is a route",
    (_, path) => {
      expect(findRoute(path)?.path).toBe(path);
    },
  );
});
