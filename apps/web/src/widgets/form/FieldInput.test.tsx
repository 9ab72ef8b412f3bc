import { type Column, tblClient, tblReleaseNote, tblShippingCompany } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test/render";
import { FieldInput } from "./FieldInput";

/* One field of a record form, the input its column's declaration asks for (spec 5). */

function Field({
  column,
  label,
  initial = "",
  readOnly,
}: {
  column: Column;
  label: string;
  initial?: string;
  readOnly?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FieldInput column={column} label={label} value={value} onChange={setValue} readOnly={readOnly} />
      <output aria-label="Value">{value}</output>
    </>
  );
}

const chosenValue = () => screen.getByRole("status", { name: "Value" }).textContent;

describe("a date field", () => {
  const DATE = tblReleaseNote.columns.releaseNoteDate;

  it("is typed as MM/DD/YYYY, or picked from a calendar that opens at it", async () => {
    const { user, fill } = renderWithApp(<Field column={DATE} label="Date" />);
    const date = screen.getByRole("textbox", { name: "Date" });
    expect(date.getAttribute("placeholder")).toBe("MM/DD/YYYY");
    await fill(date, "03/10/2026");
    expect(chosenValue()).toBe("03/10/2026");
    await user.click(screen.getByRole("button", { name: "Open calendar" }));
    const calendar = await screen.findByRole("dialog", { name: "Open calendar" });
    await user.click(within(calendar).getByRole("button", { name: "15 March 2026" }));
    expect(date).toHaveProperty("value", "03/15/2026");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Open calendar" })).toBeNull());
  });

  it("opens its calendar from the keyboard on the typed day; a week on is one arrow down", async () => {
    const { user, fill } = renderWithApp(<Field column={DATE} label="Date" />);
    await fill(screen.getByRole("textbox", { name: "Date" }), "03/15/2026");
    screen.getByRole("button", { name: "Open calendar" }).focus();
    await user.keyboard("{Enter}");
    const calendar = await screen.findByRole("dialog", { name: "Open calendar" });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(calendar).getByRole("button", { name: "15 March 2026" })),
    );
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(within(calendar).getByRole("button", { name: "22 March 2026" }));
    await user.keyboard("{Enter}");
    expect(screen.getByRole("textbox", { name: "Date" })).toHaveProperty("value", "03/22/2026");
  });

  it("read-only, offers no calendar", () => {
    renderWithApp(<Field column={DATE} label="Date" initial="03/15/2026" readOnly />);
    expect(screen.getByRole("textbox", { name: "Date" }).hasAttribute("readonly")).toBe(true);
    expect(screen.queryByRole("button", { name: "Open calendar" })).toBeNull();
  });
});

describe("other kinds of field", () => {
  it("a phone number is written as (555) 555-5555 when the field is left", async () => {
    const { user, fill } = renderWithApp(<Field column={tblClient.columns.clientPhone} label="Phone" />);
    const phone = screen.getByRole("textbox", { name: "Phone" });
    expect(phone.getAttribute("type")).toBe("tel");
    await fill(phone, "503.555.0100");
    await user.tab();
    expect(phone).toHaveProperty("value", "(503) 555-0100");
    // What is no phone number stays as typed, for its rule to name.
    await fill(phone, "503-555");
    await user.tab();
    expect(phone).toHaveProperty("value", "503-555");
  });

  it("a choice of a list is a select whose empty choice says to choose, when required", async () => {
    const { user } = renderWithApp(<Field column={tblClient.columns.clientStatus} label="Status" />);
    const status = screen.getByRole("combobox", { name: "Status" });
    expect(
      within(status)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "Active", "Inactive", "Prospect"]);
    await user.selectOptions(status, "Prospect");
    expect(chosenValue()).toBe("1");
  });

  it("several choices are ticked and kept as a pipe list in the list's order", async () => {
    const { user } = renderWithApp(
      <Field column={tblShippingCompany.columns.shippingDeliveryTypes} label="Delivery Types" />,
    );
    const group = screen.getByRole("group", { name: "Delivery Types" });
    await user.click(within(group).getByRole("checkbox", { name: "Next Day" }));
    await user.click(within(group).getByRole("checkbox", { name: "Ground" }));
    expect(chosenValue()).toBe("|1|4|");
    await user.click(within(group).getByRole("checkbox", { name: "Next Day" }));
    expect(chosenValue()).toBe("|1|");
  });

  it("a flag is a checkbox: 1 ticked, 0 not", async () => {
    const { user } = renderWithApp(
      <Field column={tblShippingCompany.columns.shippingCompanyActive} label="Active" initial="1" />,
    );
    const active = screen.getByRole("checkbox", { name: "Active" });
    expect(active).toHaveProperty("checked", true);
    await user.click(active);
    expect(chosenValue()).toBe("0");
  });

  it("read-only, a select cannot be changed", () => {
    renderWithApp(<Field column={tblClient.columns.clientStatus} label="Status" initial="2" readOnly />);
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveProperty("disabled", true);
  });
});
