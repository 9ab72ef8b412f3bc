import { CARRIERS, type Carrier, type SettingValues } from "@office/core";
import type { CarrierAdapter } from "./carrier.js";
import { demoCarrier } from "./demo.js";
import { fedexCarrier } from "./fedex.js";
import { upsCarrier } from "./ups.js";

/** The carriers' services as configured (the company's settings, or environment variables): each off while unset. */
export interface CarrierSettings {
  ups?: { clientId: string; clientSecret: string; baseUrl: string };
  fedex?: { clientId: string; clientSecret: string; baseUrl: string };
  timeoutMs: number;
  /** The demo carrier answers for every carrier without a real service (the demo company, the tests). */
  demo: boolean;
}

export type Carriers = ReadonlyMap<Carrier, CarrierAdapter>;

/** The adapter that tracks each carrier's parcels: its real service where configured, else the demo's where that is on. */
export function carriersOf(settings: CarrierSettings, timeZone: string): Carriers {
  const carriers = new Map<Carrier, CarrierAdapter>();
  if (settings.ups) carriers.set("UPS", upsCarrier({ ...settings.ups, timeoutMs: settings.timeoutMs }));
  if (settings.fedex) carriers.set("FEDEX", fedexCarrier({ ...settings.fedex, timeoutMs: settings.timeoutMs }));
  if (settings.demo)
    for (const carrier of CARRIERS) if (!carriers.has(carrier)) carriers.set(carrier, demoCarrier(carrier, timeZone));
  return carriers;
}

/** UPS's and FedEx's services from the company's settings (core's settings.ts): each on once its id and secret are set. */
export function carrierServices(ups: SettingValues, fedex: SettingValues): Pick<CarrierSettings, "ups" | "fedex"> {
  const service = (values: SettingValues) =>
    values.clientId && values.clientSecret
      ? {
          clientId: String(values.clientId),
          clientSecret: String(values.clientSecret),
          baseUrl: String(values.apiUrl).replace(/\/+$/, ""),
        }
      : undefined;
  const [u, f] = [service(ups), service(fedex)];
  return { ...(u ? { ups: u } : {}), ...(f ? { fedex: f } : {}) };
}
