import { TOASTS } from "@office/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { tableKey } from "../../services/query-keys";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { useRecordWrites } from "./mutations";

function DeleteClient() {
  const write = useRecordWrites("tblClient");
  return (
    <button type="button" onClick={() => write.mutate({ kind: "delete", where: "clientID = 1" })}>
      Delete
    </button>
  );
}

describe("a record write", () => {
  it("after a delete, toasts it, drops the record's own reads and reads the table's lists again", async () => {
    const api = installFakeApi({ tblClient: [{ clientID: 1, clientName: "Acme" }] });
    const { user, queryClient } = renderWithApp(<DeleteClient />, { api });
    const record = tableKey.record("tblClient", 1, "clientID,clientName");
    const list = tableKey.answer({ table: "tblClient" });
    queryClient.setQueryData(record, { clientID: 1, clientName: "Acme" });
    queryClient.setQueryData(list, { data: [], meta: { TotalRecords: 1 } });
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(TOASTS.deleted.message)).toBeTruthy();
    // Read again, a deleted record would be 'Not Found' under the page that deleted it.
    await waitFor(() => expect(queryClient.getQueryState(record)).toBeUndefined());
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
  });
});
