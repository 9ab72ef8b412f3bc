import { whereBuilder } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { Typeahead, type TypeaheadProps } from "./Typeahead";

/* The type-ahead itself (spec 2.8, 5, 9), over any table: what it asks and what it offers. */

const w = whereBuilder();
const CLIENTS = rowsOf(120, (i) => ({ clientID: i, clientName: `Client ${String(i).padStart(3, "0")}` }));

function Box(props: Partial<TypeaheadProps>) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Typeahead
      label="Client"
      table="tblClient"
      fields="clientID,clientName"
      order="clientName"
      // Two letters at least: a shorter term offers nothing.
      whereFor={(term) => (term.length >= 2 ? w.print(w.contains("clientName", term)) : null)}
      valueFor={(row) => String(row.clientID)}
      labelFor={(row) => String(row.clientName)}
      value={value}
      onChange={setValue}
      {...props}
    />
  );
}

const box = () => screen.getByRole("textbox", { name: "Client" });
const offered = () => within(screen.getByRole("listbox")).getAllByRole("option");

beforeEach(() => {
  vi.useFakeTimers();
});

describe("the type-ahead", () => {
  it("keeps at most the first 100 rows, whatever it is asked for", async () => {
    const { api, user } = renderWithApp(<Box rowLimit={500} />, { tables: { tblClient: CLIENTS } });
    await user.type(box(), "client");
    await waitFor(() => expect(offered()).toHaveLength(100));
    expect(api.queries("tblClient")).toEqual([
      expect.objectContaining({ where: "clientName LIKE '%client%'", order: "clientName", rowLimit: 100 }),
    ]);
  });

  it("asks nothing for a term that makes no where", async () => {
    const { api, user } = renderWithApp(<Box />, { tables: { tblClient: CLIENTS } });
    await user.type(box(), "c");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.queries("tblClient")).toEqual([]);
    expect(screen.queryByRole("option")).toBeNull();
    expect(screen.queryByText("Nothing found")).toBeNull();
  });

  it("shows the chosen option's name, which is no new search", async () => {
    const { api, user } = renderWithApp(<Box />, { tables: { tblClient: CLIENTS } });
    await user.type(box(), "t 11");
    await user.click(await screen.findByRole("option", { name: "Client 110" }));
    expect(box()).toHaveProperty("value", "Client 110");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.queries("tblClient").map((q) => q.where)).toEqual(["clientName LIKE '%t 11%'"]);
  });
});
