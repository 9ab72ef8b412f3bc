import {
  searchableColumns,
  tblClient,
  tblClientContact,
  tblEmployee,
  tblShippingCompany,
  tblVendor,
} from "@office/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setDevice } from "../../services/device";
import { renderWithApp } from "../../test/render";
import { FieldInput } from "../form/FieldInput";
import { FieldValue } from "../form/FieldValue";
import { tableColumns } from "./columns";
import { SearchableTable } from "./SearchableTable";

/*
 * Contacts you can use: wherever a list or a record shows a phone number (not a fax), an e-mail
 * address or a website, it is a call, a message or the site in a new tab; a link in a row is
 * the link's own, the row opening on a click elsewhere.
 */

const CLIENT = {
  clientID: 7,
  clientName: "Harbor Works",
  clientPhone: "7135550142",
  clientFax: "7135550143",
  clientEmail: "office@harbor.example",
  clientWebsite: "https://harbor.example",
};

describe("contact links in a list", () => {
  it("calls the phone, writes to the address and opens the website in a new tab, the fax plain", async () => {
    const onRowOpen = vi.fn();
    const { user } = renderWithApp(
      <SearchableTable
        label="Clients"
        table="tblClient"
        columns={tableColumns(tblClient, ["clientName", "clientPhone", "clientFax", "clientEmail", "clientWebsite"])}
        searchColumns={searchableColumns(tblClient)}
        order="clientName"
        onRowOpen={onRowOpen}
      />,
      { tables: { tblClient: [CLIENT] } },
    );
    const table = await screen.findByRole("table", { name: "Clients" });
    const phone = await within(table).findByRole("link", { name: "(713) 555-0142" });
    expect(phone.getAttribute("href")).toBe("tel:+17135550142");
    expect(within(table).queryByRole("link", { name: "(713) 555-0143" })).toBeNull();
    expect(within(table).getByText("(713) 555-0143")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "office@harbor.example" }).getAttribute("href")).toBe(
      "mailto:office@harbor.example",
    );
    const website = within(table).getByRole("link", { name: "https://harbor.example" });
    expect(website.getAttribute("target")).toBe("_blank");
    expect(website.getAttribute("rel")).toBe("noopener noreferrer");

    // jsdom follows no link; what matters is that the row stays shut.
    phone.addEventListener("click", (event) => event.preventDefault());
    await user.click(phone);
    expect(onRowOpen).not.toHaveBeenCalled();
    // Enter on the link is the link's too.
    phone.focus();
    await user.keyboard("{Enter}");
    expect(onRowOpen).not.toHaveBeenCalled();
    await user.click(within(table).getByText("Harbor Works"));
    expect(onRowOpen).toHaveBeenCalledTimes(1);
  });

  it("calls the phone from a phone's card too, the card opening on a tap elsewhere", async () => {
    setDevice("MOBILE");
    const onRowOpen = vi.fn();
    const { user } = renderWithApp(
      <SearchableTable
        label="Clients"
        table="vwClientDirectory"
        columns={tableColumns(tblClient, ["clientName", "clientStatus", "clientCity", "clientPhone"])}
        searchColumns={[]}
        order="clientName"
        onRowOpen={onRowOpen}
      />,
      { tables: { vwClientDirectory: [{ ...CLIENT, clientStatus: 2, clientCity: "Houston" }] } },
    );
    const phone = await screen.findByRole("link", { name: "(713) 555-0142" });
    expect(phone.getAttribute("href")).toBe("tel:+17135550142");
    expect(phone.closest("td")?.textContent).toContain("Phone: (713) 555-0142");
    phone.addEventListener("click", (event) => event.preventDefault());
    await user.click(phone);
    expect(onRowOpen).not.toHaveBeenCalled();
    await user.click(screen.getByText("Harbor Works"));
    expect(onRowOpen).toHaveBeenCalledTimes(1);
  });

  it.each([
    [tblClient, "clientPhone", "clientEmail"],
    [tblClientContact, "contactPhone", "contactEmail"],
    [tblEmployee, "empPhone", "empEmail"],
    [tblVendor, "vendorPhone", "vendorEmail"],
    [tblShippingCompany, "shippingPhone", undefined],
  ] as const)("%s: its phone and e-mail columns are links by declaration", (resource, phone, email) => {
    const columns = tableColumns(resource as never, [phone, ...(email ? [email] : [])] as never);
    expect(columns[0]?.link?.({ [phone]: "(212) 555-0100" })?.href).toBe("tel:+12125550100");
    if (email) expect(columns[1]?.link?.({ [email]: "a@b.example" })?.href).toBe("mailto:a@b.example");
  });
});

describe("contact links beside a record's fields", () => {
  it("offers a call, a message and the website beside a stored value, read-only too, and nothing for a fax or a wrong value", () => {
    const field = (name: keyof typeof tblClient.columns, value: string, readOnly = false) =>
      renderWithApp(
        <FieldInput
          column={tblClient.columns[name]}
          label={name}
          value={value}
          onChange={() => {}}
          readOnly={readOnly}
        />,
      );
    field("clientPhone", "(713) 555-0142", true);
    expect(screen.getByRole("link", { name: "Call (713) 555-0142" }).getAttribute("href")).toBe("tel:+17135550142");
    field("clientEmail", "office@harbor.example");
    expect(screen.getByRole("link", { name: "E-mail office@harbor.example" })).toBeTruthy();
    field("clientWebsite", "https://harbor.example");
    expect(screen.getByRole("link", { name: "Open clientWebsite in a new tab" }).getAttribute("target")).toBe("_blank");
    field("clientFax", "(713) 555-0143");
    field("clientWebsite", "harbor dot example");
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });

  it("shows a read-only record's phone, address and website as links, and its fax as text", () => {
    const value = (name: keyof typeof tblClient.columns, text: string) =>
      renderWithApp(<FieldValue column={tblClient.columns[name]} label={name} value={text} />);
    value("clientPhone", "(713) 555-0142");
    value("clientFax", "(713) 555-0143");
    value("clientEmail", "office@harbor.example");
    value("clientWebsite", "https://harbor.example");
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "tel:+17135550142",
      "mailto:office@harbor.example",
      "https://harbor.example",
    ]);
    expect(screen.getByText("(713) 555-0143").tagName).toBe("DD");
  });
});
