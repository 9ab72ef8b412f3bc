import { type ComponentType, useEffect, useState } from "react";

type Load<P> = () => Promise<ComponentType<P>>;

/** The components of the chunks loaded so far, by their loader: a second mount has it at once. */
const loaded = new Map<Load<never>, ComponentType<never>>();

/**
 * A component of a chunk loaded when first `wanted` (the palette, a dialog, a panel), rendered
 * as soon as its chunk is in; null until then. Not React.lazy: React 19 holds back what a
 * Suspense boundary reveals until 300 ms after its fallback showed (to batch reveals), so a
 * palette behind lazy showed its first result 400 ms after Ctrl+K with its chunk in after
 * 60 ms (bench/RESULTS.md, issue 19). A load that fails is thrown where the component would
 * render, to the error boundary that lazy reached (which reloads for a chunk gone after a
 * deploy: chunk-reload.ts). `load` is a module's constant, as lazy's is.
 */
export function useChunkComponent<P>(load: Load<P>, wanted: boolean): ComponentType<P> | null {
  const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => {
    const component = loaded.get(load as Load<never>) as ComponentType<P> | undefined;
    return component ? { component } : {};
  });
  const waiting = wanted && !state.component && state.error === undefined;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    load().then(
      (component) => {
        loaded.set(load as Load<never>, component as ComponentType<never>);
        if (live) setState({ component });
      },
      (error: unknown) => {
        if (live) setState({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [waiting, load]);
  if (state.error !== undefined) throw state.error;
  return wanted ? (state.component ?? null) : null;
}
