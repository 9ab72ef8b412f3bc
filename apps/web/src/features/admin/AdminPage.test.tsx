import { type AuditChange, OPERATIONS, VIEW_AS_READ_ONLY } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { api as send } from "../../api/client";
import { setViewingAs, viewingAs } from "../../api/view-as";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { AdminPage } from "./AdminPage";

const change = (auditID: number, fields: Partial<AuditChange>): AuditChange => ({
  auditID,
  empID: 1,
  byName: "Alex Morgan",
  action: "update",
  tableName: "tblVendor",
  recordKey: "4",
  before: { vendorName: "Acme", vendorCity: "Boston" },
  after: { vendorName: "Acme Supply", vendorCity: "Boston" },
  createdTS: "2026-11-20T15:00:00.000Z",
  restorable: false,
  ...fields,
});

afterEach(() => setViewingAs(null));

describe("Administration", () => {
  it("browses the audit trail by the address's filters, before and after side by side, and restores a delete", async () => {
    const api = installFakeApi();
    const asked: unknown[] = [];
    api.operation(OPERATIONS.auditChanges, (query) => {
      asked.push(query);
      return {
        data: [change(9, { action: "delete", after: null, restorable: true, recordKey: "7" }), change(8, {})],
        next: null,
      };
    });
    let restored: unknown;
    api.operation(OPERATIONS.restoreDeleted, (body) => {
      restored = body;
      return { id: 7 };
    });
    const { user } = renderWithApp(<AdminPage />, { api, path: "/admin?table=tblVendor" });
    const table = await screen.findByRole("table", { name: "Changes, newest first" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    expect(asked[0]).toEqual({ table: "tblVendor" });
    await user.click(within(table).getAllByRole("button", { name: "Before and after" })[1] as HTMLElement);
    const sides = screen.getByRole("table", { name: "Change 8: before and after" });
    expect(within(sides).getByText("Acme Supply")).toBeTruthy();
    // The record changed opens from its key; the deleted one, no longer there, does not.
    expect(within(table).getByRole("link", { name: "Open tblVendor 4" }).getAttribute("href")).toBe("/vendor/de?id=4");
    expect(within(table).queryByRole("link", { name: "Open tblVendor 7" })).toBeNull();
    await user.click(within(table).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(restored).toEqual({ auditID: 9 }));
    expect(await screen.findByText("Record Restored")).toBeTruthy();
  });

  it("narrows the trail to an employee chosen by name, a former one included, kept in the address", async () => {
    const api = installFakeApi();
    const asked: unknown[] = [];
    api.operation(OPERATIONS.auditChanges, (query) => {
      asked.push(query);
      return { data: [], next: null };
    });
    api.table("vwEmployeeDirectory", [{ empID: 31, empName: "Former, Pat", empActive: 0 }]);
    const { user, location } = renderWithApp(<AdminPage />, { api, path: "/admin" });
    await user.click(await screen.findByRole("textbox", { name: "Employee" }));
    await user.click(await screen.findByRole("option", { name: "Former, Pat" }));
    await waitFor(() => expect(location().search).toContain("empID=31"));
    await waitFor(() => expect(asked.at(-1)).toEqual({ empID: 31 }));
    expect(await screen.findByText("No change matches these filters.")).toBeTruthy();
  });

  it("views the product as an employee: read only, every read carrying them, no write sent", async () => {
    const api = installFakeApi();
    api.operation(OPERATIONS.viewAs, ({ empID }) => ({
      user: { empID, empFirstName: "Sam", empLastName: "Taylor", empDepartment: 1, username: "staff" },
      permissions: [],
    }));
    api.table("vwEmployeeDirectory", [{ empID: 2, empName: "Taylor, Sam", empActive: 1 }]);
    const { user, location } = renderWithApp(<AdminPage />, { api, path: "/admin?tab=view-as" });
    await user.click(await screen.findByRole("textbox", { name: "Employee" }));
    await user.click(await screen.findByRole("option", { name: "Taylor, Sam" }));
    await user.click(screen.getByRole("button", { name: "View as" }));
    await waitFor(() => expect(viewingAs()).toEqual({ empID: 2, name: "Sam Taylor" }));
    expect(location().pathname).toBe("/");
    await send("GET", "/API/EmployeeInfo/");
    expect(api.calls.at(-1)?.headers["x-office-view-as"]).toBe("2");
    const before = api.calls.length;
    await expect(send("POST", "/API/Insert/", { table: "tblVendor", fields: {} })).rejects.toMatchObject({
      message: VIEW_AS_READ_ONLY,
    });
    expect(api.calls.length).toBe(before);
  });

  it("previews a bulk change of permissions, a department's employees added at once, and applies just that", async () => {
    const api = installFakeApi();
    api.table("vwEmployeeDirectory", [
      { empID: 2, empName: "Taylor, Sam", empActive: 1, empDepartment: 7 },
      { empID: 5, empName: "Lee, Jo", empActive: 1, empDepartment: 8 },
      { empID: 6, empName: "Kim, Ana", empActive: 1, empDepartment: 8 },
      { empID: 9, empName: "Gone, Al", empActive: 0, empDepartment: 8 },
    ]);
    api.table("tblAppLookup", [{ appLookupID: 8, appLookupParentID: 135, appLookupValue: "Design", appLookupSort: 1 }]);
    const sent: Array<Record<string, unknown>> = [];
    const view = { permissionPageID: 33, permissionView: 1, permissionAdd: 0, permissionChange: 0, permissionDel: 0 };
    api.operation(OPERATIONS.bulkPermissions, (body) => {
      sent.push(body);
      return {
        applied: body.apply,
        count: 1,
        employees: [
          { empID: 5, empName: "Lee, Jo", changes: [{ permissionPageID: 33, before: null, after: view }] },
          { empID: 6, empName: "Kim, Ana", changes: [] },
        ],
      };
    });
    const { user } = renderWithApp(<AdminPage />, { api, path: "/admin?tab=permissions" });
    await user.click(await screen.findByRole("textbox", { name: "Copy from" }));
    await user.click(await screen.findByRole("option", { name: "Taylor, Sam" }));
    expect(screen.getByRole("button", { name: "Preview" }).hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("textbox", { name: "Add a department's employees" }));
    await user.click(await screen.findByRole("option", { name: "Design" }));
    const chosen = await screen.findByRole("list", { name: "Copy to chosen" });
    await waitFor(() => expect(within(chosen).getAllByRole("listitem")).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const changes = await screen.findByRole("table", { name: "Changes to make" });
    expect(within(changes).getByRole("row", { name: /Lee, Jo/ }).textContent).toContain("NoneView");
    expect(screen.getByText(/1 employee already has these permissions/)).toBeTruthy();
    expect(sent).toEqual([{ kind: "copy", from: 2, to: [5, 6], apply: false }]);
    await user.click(screen.getByRole("button", { name: "Apply 1 change" }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ kind: "copy", from: 2, to: [5, 6], apply: true }));
    expect(await screen.findByRole("table", { name: "Changes made" })).toBeTruthy();
    // A changed form drops the preview: nothing can be applied that was not previewed.
    await user.click(within(chosen).getByRole("button", { name: "Remove Kim, Ana" }));
    expect(screen.queryByRole("table", { name: /Changes/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Apply/ })).toBeNull();
  });

  it("shows the backups, warns above every tab of a failed drill, and backs up now", async () => {
    const api = installFakeApi();
    const drill = (same: boolean) => ({
      backup: "/data/backups/office-2026-11-29T07-30-00Z",
      at: "2026-11-29T07:31:00.000Z",
      durationMs: 2_400,
      same,
      differences: same ? [] : ["tblVendor: 151 rows backed up, 150 restored"],
    });
    const run = (runID: number, same: boolean) => ({
      runID,
      state: "done" as const,
      startedTS: "2026-11-29T07:30:00.000Z",
      finishedTS: "2026-11-29T07:31:00.000Z",
      requestedByName: runID === 2 ? "Alex Morgan" : null,
      error: null,
      result: {
        backup: "/data/backups/office-2026-11-29T07-30-00Z",
        createdTS: "2026-11-29T07:30:00.000Z",
        durationMs: 1_500,
        tables: 38,
        rows: 114_855,
        bytes: 3 * 1_048_576,
        files: 2,
        removed: [],
        drill: drill(same),
      },
    });
    api.operation(OPERATIONS.backups, () => ({
      schedule: { dailyAt: "02:30", keepDays: 14, dir: "/data/backups" },
      runs: [run(2, false), run(1, true)],
      verified: drill(true),
      warning: {
        kind: "failed" as const,
        why: "The restore drill found differences: tblVendor: 151 rows backed up, 150 restored",
      },
    }));
    let asked = 0;
    api.operation(OPERATIONS.backUpNow, () => {
      asked++;
      return { runID: 3, started: true };
    });
    api.operation(OPERATIONS.auditChanges, () => ({ data: [], next: null }));
    const { user } = renderWithApp(<AdminPage />, { api, path: "/admin" });
    // Above the audit trail, the first tab.
    const warning = await screen.findByRole("alert");
    expect(warning.textContent).toContain("The last backup failed its check");
    expect(warning.textContent).toContain("tblVendor: 151 rows backed up, 150 restored");

    // It leads to the Backups tab, where it no longer needs to.
    await user.click(within(warning).getByRole("link", { name: "Open Backups" }));
    expect(await screen.findByRole("tab", { name: "Backups", selected: true })).toBeTruthy();
    expect(within(screen.getByRole("alert")).queryByRole("link")).toBeNull();
    const verified = await screen.findByText(/^Last verified restore: /);
    expect(verified.textContent).toBe("Last verified restore: 11/29/2026 02:31 am, in 2.4 s, no differences");
    expect(screen.getByText(/Every night at 02:30, kept 14 days, in \/data\/backups/)).toBeTruthy();
    const table = screen.getByRole("table", { name: "Latest backups, newest first" });
    const [, latest, earlier] = within(table).getAllByRole("row");
    expect(latest?.textContent).toContain("Alex Morgan");
    expect(latest?.textContent).toContain("38 tables, 114,855 rows, 2 files: 3 MB in 1.5 s");
    expect(latest?.textContent).toContain("tblVendor: 151 rows backed up, 150 restored");
    expect(earlier?.textContent).toContain("Schedule");
    expect(earlier?.textContent).toContain("Restored equal in 2.4 s");
    await user.click(screen.getByRole("button", { name: "Back up now" }));
    expect(await screen.findByText("Backup Started")).toBeTruthy();
    expect(asked).toBe(1);
  });

  it("warns of nothing when the last backup was proved to restore", async () => {
    const api = installFakeApi();
    api.operation(OPERATIONS.backups, () => ({
      schedule: { dailyAt: null, keepDays: 14, dir: "/data/backups" },
      runs: [],
      verified: null,
      warning: null,
    }));
    renderWithApp(<AdminPage />, { api, path: "/admin?tab=backups" });
    expect(await screen.findByText("No backup has run yet.")).toBeTruthy();
    expect(screen.getByText("Last verified restore: none yet")).toBeTruthy();
    expect(screen.getByText(/Only when asked \(BACKUP_DAILY_AT is off\)/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
