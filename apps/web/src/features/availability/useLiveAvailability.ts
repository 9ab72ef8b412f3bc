import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { reportFailure } from "../../services/failures";
import { takeLiveAvailability } from "./live";

/**
 * Keeps the tab's live stream open while `enabled` (the user may read colleagues' availability):
 * the one the route's guard opened ahead of the shell, or a new one.
 */
export function useLiveAvailability(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => (enabled ? takeLiveAvailability(client, reportFailure) : undefined), [client, enabled]);
}
