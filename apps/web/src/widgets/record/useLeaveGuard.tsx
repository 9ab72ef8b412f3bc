import { type ReactNode, useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { UnsavedQuestion } from "./UnsavedQuestion";

/**
 * Keeps a page with unsaved data from being left without a question: a move inside the app
 * (menu, link, browser back or forward) asks the record dialog's question; closing or
 * reloading the tab asks the browser's own (a page may not word it). Going to sign-in is let
 * through: the session has ended, nothing could be saved any more.
 *
 * `release()` lets the next move go without asking (a save or delete about to leave the page,
 * before React has rendered its data as saved); `question` is to be rendered by the page.
 */
export function useLeaveGuard(dirty: boolean): { release: () => void; question: ReactNode } {
  const guarding = useRef(dirty);
  guarding.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation: from, nextLocation: to }) =>
      guarding.current && to.pathname !== "/login" && (from.pathname !== to.pathname || from.search !== to.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    addEventListener("beforeunload", ask);
    return () => removeEventListener("beforeunload", ask);
  }, [dirty]);

  return {
    release: () => {
      guarding.current = false;
    },
    question: (
      <UnsavedQuestion
        opened={blocker.state === "blocked"}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    ),
  };
}
