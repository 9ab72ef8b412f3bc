import { dateIn } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { appConfigQuery } from "./session";

/**
 * The company's date (YYYY-MM-DD, in its time zone), looked at every minute: what shows today's
 * and this week's hours moves on to a new day at midnight. Undefined until the app's settings are read.
 */
export function useCompanyDay(): string | undefined {
  const { data: config } = useQuery(appConfigQuery);
  const timeZone = config?.timeZone;
  const [day, setDay] = useState<string>();
  useEffect(() => {
    if (!timeZone) return;
    const look = () => setDay(dateIn(new Date(), timeZone));
    look();
    const timer = setInterval(look, 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return day;
}
