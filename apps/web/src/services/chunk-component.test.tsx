import { act, render, screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useChunkComponent } from "./chunk-component";

/** A chunk whose loading the test finishes (or fails) when it likes. */
function chunk() {
  let finish: (outcome: "loaded" | Error) => void = () => undefined;
  let loads = 0;
  const Loaded = ({ name }: { name: string }) => <p>{`Hello, ${name}`}</p>;
  const load = () => {
    loads++;
    return new Promise<typeof Loaded>((resolve, reject) => {
      finish = (outcome) => (outcome === "loaded" ? resolve(Loaded) : reject(outcome));
    });
  };
  return { load, finish: (outcome: "loaded" | Error) => act(async () => finish(outcome)), loads: () => loads };
}

function Host({ load, wanted }: { load: () => Promise<(props: { name: string }) => ReactNode>; wanted: boolean }) {
  const Loaded = useChunkComponent(load, wanted);
  return Loaded ? <Loaded name="Sam" /> : <p>Not yet</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe("a component of a chunk loaded when wanted", () => {
  it("loads nothing until wanted, renders the component the moment its chunk is in, and has it at once on a second mount", async () => {
    const { load, finish, loads } = chunk();
    const { rerender, unmount } = render(<Host load={load} wanted={false} />);
    expect(loads()).toBe(0);
    rerender(<Host load={load} wanted />);
    expect(screen.getByText("Not yet")).toBeTruthy();
    expect(loads()).toBe(1);
    await finish("loaded");
    expect(screen.getByText("Hello, Sam")).toBeTruthy();
    unmount();
    render(<Host load={load} wanted />);
    expect(screen.getByText("Hello, Sam")).toBeTruthy();
    expect(loads()).toBe(1);
  });

  it("throws a failed load to the error boundary, as React.lazy does", async () => {
    const { load, finish } = chunk();
    render(
      <Boundary>
        <Host load={load} wanted />
      </Boundary>,
    );
    await finish(new Error("Failed to fetch dynamically imported module"));
    expect(screen.getByRole("alert").textContent).toBe("Failed to fetch dynamically imported module");
  });
});
