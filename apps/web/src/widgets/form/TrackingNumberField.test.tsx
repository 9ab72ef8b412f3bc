import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { TrackingNumberField } from "./TrackingNumberField";

/** The field in a form of two values, the number and its carrier, with the form's other fields for an insert. */
function Form() {
  const [value, setValue] = useState("");
  const [carrier, setCarrier] = useState("");
  return (
    <>
      <TrackingNumberField
        label="Tracking Number"
        value={value}
        onChange={setValue}
        required
        carrier={carrier}
        setCarrier={setCarrier}
        table="tblShipment"
        fields={() => ({ projectID: 12, trackingNumber: value, carrier: carrier || null, deliveryType: 1 })}
      />
      <output aria-label="Carrier">{carrier}</output>
    </>
  );
}

const box = () => screen.getByRole("textbox", { name: /Tracking Number/ });
/** What the box says of its number: its description. */
const said = () =>
  (box().getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join("");

describe("a tracking number's box (issue 36)", () => {
  it("names the carrier as a number is typed and sets it, and says when a check digit is wrong", async () => {
    const { user } = renderWithApp(<Form />);
    await user.type(box(), "1Z999AA10123456784");
    await waitFor(() => expect(said()).toMatch(/^UPS/));
    expect(screen.getByRole("status", { name: "Carrier" }).textContent).toBe("UPS");
    await user.clear(box());
    await user.type(box(), "1Z999AA10123456785");
    await waitFor(() =>
      expect(said()).toBe("This UPS tracking number's check digit does not match: check it for a typing mistake"),
    );
    // A number no format knows: the user chooses its carrier.
    await user.clear(box());
    await user.type(box(), "12345");
    await waitFor(() => expect(said()).toBe("No carrier recognised: choose it"));
  });

  it("reads a pasted e-mail for every number: the first in the box, the rest offered and added as shipments of their own", async () => {
    const api = installFakeApi({ tblShipment: [] });
    const { user } = renderWithApp(<Form />, { api });
    await user.click(box());
    await user.paste(
      "Hello,\nyour order shipped in three parcels:\n1Z999AA10123456784\nFedEx 1234 5678 9012\nand 9400 1000 0000 0000 0000 00. Thanks!",
    );
    await waitFor(() => expect((box() as HTMLInputElement).value).toBe("1Z999AA10123456784"));
    const found = await screen.findByRole("region", { name: "Tracking numbers found" });
    expect(found.textContent).toContain("123456789012");
    await user.click(screen.getByRole("button", { name: /^Add \d shipments?$/ }));
    await waitFor(() => expect(api.callsTo("/API/Insert/").length).toBeGreaterThan(0));
    const inserted = api
      .callsTo("/API/Insert/")
      .map((call) => (call.body as { fields: Record<string, unknown> }).fields);
    expect(inserted.map((fields) => fields.trackingNumber)).toContain("123456789012");
    expect(inserted.every((fields) => fields.projectID === 12 && fields.deliveryType === 1)).toBe(true);
    expect(inserted.find((fields) => fields.trackingNumber === "123456789012")?.carrier).toBe("FEDEX");
  });

  it("refuses 10,000 numbers pasted at once with a message, and adds nothing", async () => {
    const api = installFakeApi({ tblShipment: [] });
    const { user } = renderWithApp(<Form />, { api });
    await user.click(box());
    const lines = Array.from({ length: 10_000 }, (_, i) => String(100_000_000_000 + i)).join("\n");
    await user.paste(lines);
    expect((await screen.findByRole("alert")).textContent).toMatch(/add at most 500 at once/);
    expect((box() as HTMLInputElement).value).toBe("");
    expect(api.callsTo("/API/Insert/")).toEqual([]);
  });
});
