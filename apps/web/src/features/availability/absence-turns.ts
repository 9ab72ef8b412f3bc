import { type AvailabilitySource, nextAbsenceTurn } from "@office/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { AVAILABILITY_KEY } from "./availability-query";

/** A turn is looked at this long after it, so that every clock that reads the list has passed it. */
const TURN_MARGIN_MS = 1_000;
/** The longest a timer waits (setTimeout's limit is about 24 days). */
const LONGEST_WAIT_MS = 86_400_000;

/**
 * When someone's absence (out of office) begins or ends, the list's readers render again: the
 * cached list is given anew as it is, and each reads the status at its own time (core's
 * statusAt): Home's counts, the panel's table. Nothing is read from the server: the list
 * already has the absences' times.
 */
export function useAbsenceTurns(people: readonly AvailabilitySource[] | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!people) return;
    const next = nextAbsenceTurn(people, new Date());
    if (next === null) return;
    const timer = setTimeout(
      () => client.setQueryData<AvailabilitySource[]>(AVAILABILITY_KEY, (rows) => rows && [...rows]),
      Math.min(next - Date.now() + TURN_MARGIN_MS, LONGEST_WAIT_MS),
    );
    return () => clearTimeout(timer);
  }, [client, people]);
}
