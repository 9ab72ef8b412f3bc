import { LOOKUP_GROUPS, tblClient, tblEmployee, tblPortalOrder, tblProject } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { ReferenceSelect, type ReferenceSelectProps } from "./ReferenceSelect";
import { referenceOf } from "./reference-rows";

/*
 * A select of a reference (spec 5, 9): a table that grows is searched on the server (the
 * first 100 rows by name on opening, then what is typed); a small table's rows (a lookup list)
 * come all at once and are filtered as typed; a stored value shows its name either way.
 */

const CLIENT = referenceOf(tblProject.columns.projectClientID.field);
const MANAGER = referenceOf(tblEmployee.columns.empManagerID.field);
const CONTACT = referenceOf(tblPortalOrder.columns.contactID.field);
const CATEGORY = referenceOf(tblClient.columns.clientCategory.field);

const pad = (i: number) => String(i).padStart(3, "0");
// 150 clients: "Client 001" … "Client 150", and one with a quote in its name, last by name.
const CLIENTS = [
  ...rowsOf(150, (i) => ({ clientID: i, clientName: `Client ${pad(i)}` })),
  { clientID: 151, clientName: "Zz O'Hara" },
];
// A few, where the number of rows does not matter (a hundred options make every keystroke slow).
const FEW = [...CLIENTS.slice(0, 3), ...CLIENTS.slice(-1)];

/** The select in a form that keeps its value, as a record form does. */
function Field(props: Omit<ReferenceSelectProps, "value" | "onChange"> & { initial?: string }) {
  const { initial = "", ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <ReferenceSelect {...rest} value={value} onChange={setValue} />
      <output aria-label="Value">{value}</output>
    </>
  );
}

const box = (name: string) => screen.getByRole("textbox", { name });
const offered = () =>
  within(screen.getByRole("listbox"))
    .getAllByRole("option")
    .map((o) => o.textContent);
const chosenValue = () => screen.getByRole("status", { name: "Value" }).textContent;

beforeEach(() => {
  vi.useFakeTimers();
});

describe("a select over a table that grows (a project's Client)", () => {
  it("lists the first 100 clients by name when opened, in one call", async () => {
    const { api, user } = renderWithApp(<Field reference={CLIENT} label="Client" />, {
      tables: { tblClient: CLIENTS },
    });
    // Nothing is read before the select is opened.
    expect(api.queries("tblClient")).toEqual([]);
    await user.click(box("Client"));
    expect(await screen.findByRole("option", { name: "Client 100" })).toBeTruthy();
    expect(offered()).toHaveLength(100);
    expect(offered()[0]).toBe("Client 001");
    expect(screen.queryByRole("option", { name: "Zz O'Hara" })).toBeNull();
    expect(api.queries("tblClient")).toEqual([
      expect.objectContaining({ fields: "clientID,clientName", where: "", order: "clientName", rowLimit: 100 }),
    ]);
  });

  it("finds the others by typing, on the server, with a quote in the term taken as text", async () => {
    const { api, user } = renderWithApp(<Field reference={CLIENT} label="Client" />, { tables: { tblClient: FEW } });
    await user.click(box("Client"));
    await screen.findByRole("option", { name: "Client 001" });
    await user.type(box("Client"), "o'hara");
    await waitFor(() => expect(offered()).toEqual(["Zz O'Hara"]));
    expect(api.queries("tblClient").at(-1)?.where).toBe("clientName LIKE '%o''hara%'");
    await user.click(screen.getByRole("option", { name: "Zz O'Hara" }));
    expect(chosenValue()).toBe("151");
    expect(box("Client")).toHaveProperty("value", "Zz O'Hara");
    // A row chosen in the box is not read again for its name.
    expect(api.queries("tblClient").filter((q) => q.rowLimit === 1)).toEqual([]);
  });

  it("shows a stored value's name, read by its id, though it is not among the first rows", async () => {
    const { api } = renderWithApp(<Field reference={CLIENT} label="Client" initial="151" />, {
      tables: { tblClient: CLIENTS },
    });
    await waitFor(() => expect(box("Client")).toHaveProperty("value", "Zz O'Hara"));
    expect(api.queries("tblClient")).toEqual([
      expect.objectContaining({ fields: "clientID,clientName", where: "clientID = 151", rowLimit: 1 }),
    ]);
  });

  it("says when nothing matches", async () => {
    const { user } = renderWithApp(<Field reference={CLIENT} label="Client" />, { tables: { tblClient: FEW } });
    await user.type(box("Client"), "qqq");
    expect(await screen.findByText("Nothing found")).toBeTruthy();
  });
});

describe("a select over employees (an employee's Manager)", () => {
  const EMPLOYEES = [
    { empID: 1, empName: "Manager, Fern", empActive: 0 },
    { empID: 2, empName: "Manager, Mira", empActive: 1 },
    { empID: 3, empName: "Report, Ellis", empActive: 1 },
  ];

  it("shows the stored manager by name, and offers active employees found by typing, the stored one first", async () => {
    const { api, user } = renderWithApp(<Field reference={MANAGER} label="Manager" initial="1" />, {
      tables: { vwEmployeeDirectory: EMPLOYEES },
    });
    await waitFor(() => expect(box("Manager")).toHaveProperty("value", "Manager, Fern"));
    await user.clear(box("Manager"));
    await user.type(box("Manager"), "Manager");
    await waitFor(() => expect(offered()).toEqual(["Manager, Fern", "Manager, Mira"]));
    expect(api.queries("vwEmployeeDirectory").at(-1)?.where).toBe("empActive = 1 AND empName LIKE '%Manager%'");
    await user.click(screen.getByRole("option", { name: "Manager, Mira" }));
    expect(chosenValue()).toBe("2");
  });
});

describe("a select within another field (a portal order's Contact, within its Client)", () => {
  const CONTACTS = [
    { contactID: 1, clientID: 7, contactName: "Ann Seven" },
    { contactID: 2, clientID: 8, contactName: "Bob Eight" },
  ];

  it("offers nothing and asks nothing while the client is empty, and says to choose the client first", async () => {
    const { api, user } = renderWithApp(<Field reference={CONTACT} label="Contact" within="" withinLabel="Client" />, {
      tables: { tblClientContact: CONTACTS },
    });
    expect(box("Contact").getAttribute("placeholder")).toBe("Choose the client first");
    await user.click(box("Contact"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(screen.queryByRole("option")).toBeNull();
    expect(api.queries("tblClientContact")).toEqual([]);
  });

  it("offers the chosen client's contacts only", async () => {
    const { api, user } = renderWithApp(<Field reference={CONTACT} label="Contact" within="7" withinLabel="Client" />, {
      tables: { tblClientContact: CONTACTS },
    });
    expect(box("Contact").getAttribute("placeholder")).toBe("Type to search");
    await user.click(box("Contact"));
    await waitFor(() => expect(offered()).toEqual(["Ann Seven"]));
    expect(api.queries("tblClientContact")[0]?.where).toBe("clientID = 7");
  });
});

describe("a select over a lookup list (a client's Category)", () => {
  const group = LOOKUP_GROUPS.projectCategories;
  const LOOKUPS = [
    { appLookupID: 302, appLookupParentID: group, appLookupValue: "Healthcare", appLookupSort: 2 },
    { appLookupID: 306, appLookupParentID: group, appLookupValue: "Industrial", appLookupSort: 1 },
    { appLookupID: 310, appLookupParentID: group, appLookupValue: "Hospitality", appLookupSort: 3 },
    { appLookupID: 900, appLookupParentID: "otherList", appLookupValue: "Elsewhere", appLookupSort: 1 },
  ];

  it("lists the list's values in its order, read once, and filters them as typed without asking again", async () => {
    const { api, user } = renderWithApp(<Field reference={CATEGORY} label="Category" />, {
      tables: { tblAppLookup: LOOKUPS },
    });
    await user.click(box("Category"));
    await waitFor(() => expect(offered()).toEqual(["Industrial", "Healthcare", "Hospitality"]));
    await user.type(box("Category"), "hos");
    await waitFor(() => expect(offered()).toEqual(["Hospitality"]));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.queries("tblAppLookup")).toEqual([
      expect.objectContaining({ where: `appLookupParentID = '${group}'`, order: "appLookupSort", rowLimit: 1000 }),
    ]);
    await user.click(screen.getByRole("option", { name: "Hospitality" }));
    expect(chosenValue()).toBe("310");
  });

  it("offers a 'none' choice first where a search has one", async () => {
    const { user } = renderWithApp(<Field reference={CATEGORY} label="Category" none="No category" />, {
      tables: { tblAppLookup: LOOKUPS },
    });
    await user.click(box("Category"));
    await waitFor(() => expect(offered()).toEqual(["No category", "Industrial", "Healthcare", "Hospitality"]));
    await user.click(screen.getByRole("option", { name: "No category" }));
    expect(chosenValue()).toBe("none");
  });

  it("shows a stored value by its name", async () => {
    renderWithApp(<Field reference={CATEGORY} label="Category" initial="302" />, { tables: { tblAppLookup: LOOKUPS } });
    await waitFor(() => expect(box("Category")).toHaveProperty("value", "Healthcare"));
  });
});
