import { dateIn } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { appConfigQuery } from "../../services/session";

/**
 * Today in the company's time zone (YYYY-MM-DD: the day the database counts a timestamp in),
 * undefined until the app's settings are read. Not wanted: "" at once, nothing read.
 */
export function useCompanyToday(wanted: boolean): string | undefined {
  const { data: config } = useQuery({ ...appConfigQuery, enabled: wanted });
  return useMemo(() => {
    if (!wanted) return "";
    return config ? dateIn(new Date(), config.timeZone) : undefined;
  }, [wanted, config]);
}
