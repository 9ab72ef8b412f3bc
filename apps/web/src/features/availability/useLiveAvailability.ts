import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { reportFailure } from "../../services/failures";
import { startLiveAvailability } from "./live";

/** Keeps the tab's live stream open while `enabled` (the user may read colleagues' availability). */
export function useLiveAvailability(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => (enabled ? startLiveAvailability(client, reportFailure) : undefined), [client, enabled]);
}
