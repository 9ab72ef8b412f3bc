import { type AvailabilitySource, ownStatusWords } from "@office/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_USER, installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { AVAILABILITY_KEY } from "./availability-query";
import { OwnStatus } from "./UserAvatar";

/* The header says one's own status in words beside the avatar, whose colour not everyone reads. */

const own = (type: string | null): AvailabilitySource & Record<string, unknown> => ({
  empID: DEFAULT_USER.empID,
  empFirstName: DEFAULT_USER.empFirstName,
  empLastName: DEFAULT_USER.empLastName,
  empDepartment: 1,
  departmentName: "Engineering",
  departmentEmail: "",
  empOfficeExtention: "",
  todayHours: "",
  empAvailabilityType: type,
  empAvailabilityTS: "2026-11-23T09:00:00Z",
});

describe("one's own status in the header", () => {
  it.each([
    ["In", "In"],
    ["Break", "On break"],
    ["Out", "Out"],
    [null, "No status"],
  ])("%s reads %s", (type, words) => {
    expect(ownStatusWords(type)).toBe(words);
  });

  it("is said under the user's name once the list is read; a user outside the list has none", async () => {
    const api = installFakeApi({ vwEmployeeAvailability: [own("Break")] });
    const { unmount } = renderWithApp(<OwnStatus user={DEFAULT_USER} name="Alex Morgan" />, { api });
    expect(await screen.findByText("On break", {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByText("Alex Morgan")).toBeTruthy();
    unmount();

    const other = renderWithApp(<OwnStatus user={DEFAULT_USER} name="Alex Morgan" />, {
      api: installFakeApi({ vwEmployeeAvailability: [{ ...own("In"), empID: DEFAULT_USER.empID + 1 }] }),
    });
    // Once the list is read (a colleague In, not the user), there is still nothing to say.
    await waitFor(() => expect(other.queryClient.getQueryState(AVAILABILITY_KEY)?.status).toBe("success"), {
      timeout: 4_000,
    });
    expect(screen.getByText("Alex Morgan")).toBeTruthy();
    expect(screen.queryByText("In")).toBeNull();
  });
});
