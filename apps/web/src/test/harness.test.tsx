import { Button } from "@mantine/core";
import { PAGES } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { queryRows } from "../api/client";
import { useAccess } from "../services/access";
import { installFakeApi, permissionsOf, rowsOf } from "./fake-api";
import { renderWithApp } from "./render";

/** The harness itself: the fake server answers as the data service would, and the render is the app's. */

const clients = [
  { clientID: 1, clientName: "Acme", clientCity: "Boston" },
  { clientID: 2, clientName: "O'Hara & Sons", clientCity: null },
  { clientID: 3, clientName: "100% Paper", clientCity: "Austin" },
  { clientID: 4, clientName: "acme west", clientCity: "Boston" },
];

describe("the fake server's Query", () => {
  it("evaluates the where (LIKE without regard to case, escapes, nulls) and the order", async () => {
    installFakeApi({ tblClient: clients });
    const names = async (where: string, order = "") =>
      (await queryRows<{ clientName: string }>({ table: "tblClient", fields: "clientName", where, order })).data.map(
        (r) => r.clientName,
      );
    expect(await names("clientName LIKE '%ACME%'")).toEqual(["Acme", "acme west"]);
    expect(await names("clientName LIKE '%O''Hara%'")).toEqual(["O'Hara & Sons"]);
    expect(await names("clientName LIKE '%100\\%%'")).toEqual(["100% Paper"]);
    expect(await names("clientName LIKE '%1_0%'")).toEqual(["100% Paper"]);
    expect(await names("NOT clientCity = 'Boston'")).toEqual(["100% Paper"]);
    // Without an order, the resource's own (tblClient: by name).
    expect(await names("clientCity IS NULL OR clientID IN (1, 3)")).toEqual(["100% Paper", "Acme", "O'Hara & Sons"]);
    expect(await names("clientID BETWEEN 2 AND 3", "clientName DESC")).toEqual(["O'Hara & Sons", "100% Paper"]);
    expect(await names("", "clientCity DESC, clientID DESC")).toEqual([
      "O'Hara & Sons",
      "acme west",
      "Acme",
      "100% Paper",
    ]);
  });

  it("honours fields, rowLimit and offset, and answers the total", async () => {
    installFakeApi({ tblClient: clients });
    const answer = await queryRows({ table: "tblClient", fields: "clientID", order: "clientID", rowLimit: 2 });
    expect(answer).toEqual({ data: [{ clientID: 1 }, { clientID: 2 }], meta: { TotalRecords: 4 } });
  });

  it("refuses an unknown column as the server does (400), and a read without the view right (403)", async () => {
    const api = installFakeApi({ tblClient: clients });
    await expect(queryRows({ table: "tblClient", where: "nope = 1" })).rejects.toMatchObject({
      statusCode: 400,
      message: "Bad where: Unknown column 'nope' at position 1",
    });
    api.permissions = permissionsOf({ [PAGES.vendors]: ["view"] });
    await expect(queryRows({ table: "tblClient" })).rejects.toMatchObject({
      statusCode: 403,
      message: "You may not read tblClient.",
    });
  });

  it("answers only the total past 20,000 rows, unless asked to continue or for a page", async () => {
    installFakeApi({ tblClient: rowsOf(20_001, (i) => ({ clientID: i, clientName: `C${i}` })) });
    expect(await queryRows({ table: "tblClient", fields: "clientID" })).toEqual({
      data: [],
      meta: { TotalRecords: 20_001, confirmRequired: true },
    });
    expect((await queryRows({ table: "tblClient", fields: "clientID", rowLimit: 50 })).data).toHaveLength(50);
    expect((await queryRows({ table: "tblClient", fields: "clientID", continue: 1 })).data).toHaveLength(20_001);
  });

  it("records the calls, fails them and holds them on demand", async () => {
    const api = installFakeApi({ tblClient: clients });
    api.fail({ table: "tblClient" }, { status: 500, message: "Boom", times: 1 });
    await expect(queryRows({ table: "tblClient" })).rejects.toMatchObject({ statusCode: 500, message: "Boom" });
    const hold = api.hang({ table: "tblClient" });
    let answered = false;
    const pending = queryRows({ table: "tblClient", where: "clientID = 1" }).then(() => {
      answered = true;
    });
    await vi.waitFor(() => expect(hold.waiting).toBe(1));
    expect(answered).toBe(false);
    hold.release();
    await pending;
    expect(api.queries("tblClient").map((q) => q.where)).toEqual(["", "clientID = 1"]);
  });
});

function Reader() {
  const { data } = useQuery({ queryKey: ["tblClient"], queryFn: () => queryRows({ table: "tblClient" }) });
  const navigate = useNavigate();
  const canAdd = useAccess().rights({ access: { view: 23, add: 23, change: 23, del: 23 } }).add;
  return (
    <>
      <p>{data ? `${data.meta.TotalRecords} clients` : "Loading"}</p>
      {canAdd ? <Button onClick={() => navigate("/client/de?id=1")}>New client</Button> : null}
    </>
  );
}

describe("renderWithApp", () => {
  it("renders with the user's permissions at once, and a router that navigates", async () => {
    const { user, location } = renderWithApp(<Reader />, {
      path: "/client/all",
      route: "/client/all",
      routes: [{ path: "/client/de", element: <p>The record page</p> }],
      tables: { tblClient: clients },
    });
    expect(await screen.findByText("4 clients")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New client" }));
    expect(await screen.findByText("The record page")).toBeTruthy();
    expect(location().pathname + location().search).toBe("/client/de?id=1");
  });

  it("leaves out what the user may not do", async () => {
    renderWithApp(<Reader />, { permissions: permissionsOf({ [PAGES.clients]: ["view"] }), tables: { tblClient: [] } });
    expect(await screen.findByText("0 clients")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New client" })).toBeNull();
  });

  it("shows the error page for a failed read, and a toast for a 500", async () => {
    const api = installFakeApi();
    api.fail({ table: "tblClient" }, { status: 404, message: "No such thing", times: 1 });
    const { failure, unmount } = renderWithApp(<Reader />, { api });
    expect(await screen.findByText("No such thing")).toBeTruthy();
    expect(failure()?.statusCode).toBe(404);
    unmount();

    api.fail({ table: "tblClient" }, { status: 500, message: "Broken" });
    renderWithApp(<Reader />, { api });
    expect(await screen.findByText(/Broken/)).toBeTruthy();
  });
});
