import { screen, waitFor, within } from "@testing-library/react";
import { type ComponentProps, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render";
import { ConfirmDelete } from "../ConfirmDelete";
import { RecordDialog } from "./RecordDialog";
import { UNSAVED_QUESTION } from "./UnsavedQuestion";

/* The record dialog of spec 4 in each mode, and the question before a delete. */

const ALL = { add: true, change: true, del: true };
const NONE = { add: false, change: false, del: false };

type Props = Partial<ComponentProps<typeof RecordDialog>>;

function Dialog(props: Props) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <RecordDialog
        opened={opened}
        title="Record"
        mode="INSERT"
        can={ALL}
        dirty={false}
        onClose={() => setOpened(false)}
        {...props}
      >
        <p>The fields</p>
      </RecordDialog>
      {opened ? null : <p>Closed</p>}
    </>
  );
}

const dialog = () => screen.getByRole("dialog", { name: "Record" });
const buttons = () =>
  within(dialog())
    .getAllByRole("button")
    .map((b) => b.textContent)
    .filter((text) => text !== "");

describe("the record dialog's buttons", () => {
  it("INSERT: Cancel and Insert; Insert only with the add right", () => {
    const onInsert = vi.fn();
    const { unmount } = renderWithApp(<Dialog onInsert={onInsert} />);
    expect(buttons()).toEqual(["Cancel", "Insert"]);
    unmount();
    renderWithApp(<Dialog can={{ ...ALL, add: false }} />);
    expect(buttons()).toEqual(["Cancel"]);
  });

  it("UPDATE: Delete and Update, each only with its right", async () => {
    const onUpdate = vi.fn();
    const onDelete = vi.fn();
    const { user, unmount } = renderWithApp(<Dialog mode="UPDATE" onUpdate={onUpdate} onDelete={onDelete} />);
    expect(buttons()).toEqual(["Delete", "Update"]);
    await user.click(within(dialog()).getByRole("button", { name: "Update" }));
    await user.click(within(dialog()).getByRole("button", { name: "Delete" }));
    expect(onUpdate).toHaveBeenCalledOnce();
    expect(onDelete).toHaveBeenCalledOnce();
    unmount();
    renderWithApp(<Dialog mode="UPDATE" can={NONE} />);
    expect(within(dialog()).queryByRole("button", { name: "Update" })).toBeNull();
    expect(within(dialog()).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("SELECT: Select, enabled only with a selection", async () => {
    const onSelect = vi.fn();
    const { unmount } = renderWithApp(<Dialog mode="SELECT" can={NONE} onSelect={onSelect} />);
    expect(within(dialog()).getByRole("button", { name: "Select" })).toHaveProperty("disabled", true);
    unmount();
    const { user } = renderWithApp(<Dialog mode="SELECT" can={NONE} selected onSelect={onSelect} />);
    await user.click(within(dialog()).getByRole("button", { name: "Select" }));
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it("SAVE&SELECT: one button that saves and selects, with the add right only", async () => {
    const onSaveSelect = vi.fn();
    const { user, unmount } = renderWithApp(<Dialog mode="SAVE&SELECT" onSaveSelect={onSaveSelect} />);
    await user.click(within(dialog()).getByRole("button", { name: "Save & Select" }));
    expect(onSaveSelect).toHaveBeenCalledOnce();
    unmount();
    renderWithApp(<Dialog mode="SAVE&SELECT" can={NONE} />);
    expect(within(dialog()).queryByRole("button", { name: "Save & Select" })).toBeNull();
  });

  it("while a write is on its way, its buttons wait; Cancel does not", async () => {
    const onInsert = vi.fn();
    const { user } = renderWithApp(<Dialog busy onInsert={onInsert} />);
    await user.click(within(dialog()).getByRole("button", { name: "Insert" }));
    expect(onInsert).not.toHaveBeenCalled();
    await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Closed")).toBeTruthy();
  });
});

describe("closing the record dialog", () => {
  it("with unsaved data asks first, from Cancel, the close button or Escape", async () => {
    const { user } = renderWithApp(<Dialog dirty />);
    for (const close of [
      () => user.click(within(dialog()).getByRole("button", { name: "Cancel" })),
      () => user.click(within(dialog()).getByRole("button", { name: "Close" })),
      () => user.keyboard("{Escape}"),
    ]) {
      await close();
      const question = await screen.findByRole("dialog", { name: "Unsaved data" });
      expect(within(question).getByText(UNSAVED_QUESTION)).toBeTruthy();
      await user.click(within(question).getByRole("button", { name: "No" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Unsaved data" })).toBeNull());
      expect(dialog()).toBeTruthy();
    }
    await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unsaved data" })).getByRole("button", { name: "Yes" }),
    );
    expect(await screen.findByText("Closed")).toBeTruthy();
  });

  it("without changes closes at once", async () => {
    const { user } = renderWithApp(<Dialog />);
    await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Closed")).toBeTruthy();
    expect(screen.queryByText(UNSAVED_QUESTION)).toBeNull();
  });
});

describe("the question before a delete", () => {
  it("names the record, says the audit trail keeps a copy, and answers Cancel or Delete", async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const { user } = renderWithApp(
      <ConfirmDelete opened noun="client" name="Acme" onCancel={onCancel} onConfirm={onConfirm} />,
    );
    const question = screen.getByRole("dialog", { name: "Delete this client?" });
    expect(question.textContent).toContain("“Acme” will be deleted. A copy is kept in the audit trail.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
