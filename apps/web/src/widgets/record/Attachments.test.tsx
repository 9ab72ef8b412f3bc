import { OPERATIONS, PAGES, type UploadedFile } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { catchDownloads } from "../../test/downloads";
import { type FakeApi, installFakeApi, permissionsOf } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { Attachments } from "./Attachments";

const FILES: UploadedFile[] = [
  {
    uploadID: "00000000-0000-4000-8000-000000000001",
    fileName: "receipt.pdf",
    contentType: "application/pdf",
    size: 48_213,
    // 02:30 UTC is 9:30 PM the day before in New York, the company's zone.
    createdTS: "2026-03-03T02:30:00.000Z",
    empID: 2,
    addedBy: "Sam Taylor",
  },
  {
    uploadID: "00000000-0000-4000-8000-000000000002",
    fileName: "march.xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    size: 900,
    createdTS: "2026-03-04T15:00:00.000Z",
    empID: null,
    addedBy: null,
  },
];

function serving(files: UploadedFile[]): FakeApi {
  const api = installFakeApi();
  let left = [...files];
  api.operation(OPERATIONS.recordFiles, () => ({ data: left }));
  api.operation(OPERATIONS.removeFile, ({ uploadID }) => {
    left = left.filter((f) => f.uploadID !== uploadID);
    return { status: "success" as const };
  });
  api.config = { ...api.config, timeZone: "America/New_York" };
  return api;
}

const render = (api: FakeApi, canChange: boolean) =>
  renderWithApp(<Attachments table="tblCCCharge" recordKey={7} canChange={canChange} />, {
    api,
    permissions: permissionsOf({ [PAGES.creditCardApprovals]: ["view"] }),
  });

describe("a record's files", () => {
  it("are listed with their kind's icon, size, who added them and when, in the company's time zone", async () => {
    const api = serving(FILES);
    render(api, false);
    const list = await screen.findByRole("list", { name: "Files" });
    const [pdf, sheet] = within(list).getAllByRole("listitem");
    expect(pdf?.textContent).toContain("receipt.pdf");
    expect(pdf?.textContent).toContain("47 KB · added by Sam Taylor on 03/02/2026 09:30 pm");
    expect(sheet?.textContent).toContain("900 bytes · added by the system on 03/04/2026 10:00 am");
    // Colours by kind: a PDF red, a spreadsheet green.
    expect(pdf?.querySelector("[class*=ThemeIcon]")?.getAttribute("style")).toContain("red");
    expect(sheet?.querySelector("[class*=ThemeIcon]")?.getAttribute("style")).toContain("green");
    expect(api.callsTo("/API/Upload/")[0]?.params).toEqual({ table: "tblCCCharge", key: "7" });
    // Only whoever may change the record attaches or removes one.
    expect(screen.queryByRole("button", { name: "Remove receipt.pdf" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Attach a file" })).toBeNull();
  });

  it("are removed after a question, by whoever may change the record, and the list reads again", async () => {
    const api = serving(FILES);
    const { user } = render(api, true);
    await user.click(await screen.findByRole("button", { name: "Remove receipt.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this file?" });
    expect(dialog.textContent).toContain("“receipt.pdf” will be deleted. A copy is kept in the audit trail.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("receipt.pdf was removed.")).toBeTruthy();
    expect(api.callsTo(`/API/Upload/${FILES[0]?.uploadID}`, "DELETE")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: "receipt.pdf" })).toBeNull());
    expect(screen.getByRole("button", { name: "march.xlsx" })).toBeTruthy();
  });

  it("open in a tab of their own where the browser shows them, and are saved otherwise", async () => {
    const api = serving(FILES);
    api.operation(OPERATIONS.fileBytes, ({ uploadID }) => new Blob([uploadID]));
    const downloads = catchDownloads();
    const tab = { opener: window as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const { user } = render(api, false);
    await user.click(await screen.findByRole("button", { name: "receipt.pdf" }));
    await waitFor(() => expect(tab.location.href).toBe("blob:download"));
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.opener).toBeNull();
    expect(downloads).toHaveLength(1);
    // A spreadsheet is saved, not shown: no tab.
    await user.click(screen.getByRole("button", { name: "march.xlsx" }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.callsTo(`/API/Upload/${FILES[1]?.uploadID}`)).toHaveLength(1);
  });

  it("say when there are none", async () => {
    const api = serving([]);
    render(api, true);
    expect(await screen.findByText("No files yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Attach a file" })).toBeTruthy();
  });

  it("say when they could not be read", async () => {
    const api = serving(FILES);
    api.fail({ path: "/API/Upload/" }, { status: 500, message: "Boom" });
    render(api, true);
    expect(await screen.findByText("The files could not be read.")).toBeTruthy();
  });
});
