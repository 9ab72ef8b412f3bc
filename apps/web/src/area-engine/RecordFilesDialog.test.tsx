import { CREDIT_CARDS, OPERATIONS } from "@office/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { tableColumns } from "../widgets/table/columns";
import { RecordFilesDialog } from "./RecordFilesDialog";

const CHARGES = CREDIT_CARDS.children.find((child) => "files" in child.edit);
if (!CHARGES) throw new Error("the card area has no list of charges with files");
const COLUMNS = tableColumns(CHARGES.list ?? CHARGES.resource, CHARGES.columns);
const CHARGE = {
  ccChargeID: 7,
  ccChargeDate: "2026-11-24",
  ccChargeMerchant: "Grainger",
  spenderName: null,
  projectName: null,
  ccChargeAmount: "66.62",
  hasReceipt: 0,
};

describe("a charge's files dialog", () => {
  it("shows the charge as it is now: attaching its receipt turns Receipt to Yes", async () => {
    const api = installFakeApi({ vwCardCharges: [CHARGE] });
    api.operation(OPERATIONS.recordFiles, () => ({ data: [] }));
    const { user } = renderWithApp(
      <RecordFilesDialog child={CHARGES} recordTitle="Charge" columns={COLUMNS} row={CHARGE} onClose={() => {}} />,
      { api },
    );
    const dialog = await screen.findByRole("dialog", { name: "Charge 7" });
    const receipt = () => within(dialog).getByText("Receipt:").nextElementSibling?.textContent;
    expect(receipt()).toBe("No");
    // The server's view says so once the file is kept.
    api.operation(OPERATIONS.attachFile, ({ file }) => {
      api.table("vwCardCharges", [{ ...CHARGE, hasReceipt: 1 }]);
      return { status: "success" as const, id: "f1", fileName: file.name, size: 8 };
    });
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error("no file input in the dialog");
    await user.upload(picker, new File(["%PDF-1.4"], "receipt.pdf", { type: "application/pdf" }));
    await screen.findByText("receipt.pdf was attached.");
    await within(dialog).findByText("Yes");
    expect(receipt()).toBe("Yes");
  });
});
