import { MantineProvider, TextInput } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";

it("renders a Mantine input that a person can find by its label and type into", async () => {
  render(
    <MantineProvider>
      <TextInput label="Name" />
    </MantineProvider>,
  );
  await userEvent.type(screen.getByLabelText("Name"), "Ada");
  expect(screen.getByLabelText("Name")).toHaveProperty("value", "Ada");
});
