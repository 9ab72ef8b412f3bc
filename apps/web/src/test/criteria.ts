import { fireEvent, screen } from "@testing-library/react";

/** A search page's boxes, unfolded with Edit search where a search ran and folded them away. */
export function unfolded(name: string): HTMLElement {
  const shown = screen.queryByRole("form", { name });
  if (shown) return shown;
  fireEvent.click(screen.getByRole("button", { name: "Edit search" }));
  return screen.getByRole("form", { name });
}
