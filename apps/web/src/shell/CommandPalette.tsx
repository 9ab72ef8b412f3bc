import { useDebouncedValue } from "@mantine/hooks";
import { Spotlight, type SpotlightActionData, type SpotlightActionGroupData, spotlight } from "@mantine/spotlight";
import "@mantine/spotlight/styles.css";
import { useComputedColorScheme } from "@mantine/core";
import {
  AVAILABILITY_TYPES,
  COMPANY_CALENDAR,
  findRoute,
  menuPlace,
  PALETTE_AREAS,
  PALETTE_PAGES,
  type PaletteEventRow,
  paletteDescription,
  paletteEventQueries,
  paletteEvents,
  paletteRecordQuery,
  recordName,
  tblEvent,
  tblProjectNotes,
  vwEmployeeAvailability,
  withArticle,
  zonedIso,
} from "@office/core";
import {
  IconArrowRight,
  IconCalendarEvent,
  IconClockPlus,
  IconFileText,
  IconLogout,
  IconMoon,
  IconPlus,
  IconSearch,
  IconSun,
  IconUserCircle,
} from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { queryRows } from "../api/client";
import { availabilityQuery } from "../features/availability/availability-query";
import { useSetAvailability } from "../features/availability/useSetAvailability";
import { useAccess } from "../services/access";
import { useSetPreference } from "../services/preferences";
import { requestProjectNotes } from "../services/project-notes-request";
import { readKey } from "../services/query-keys";
import { appConfigQuery, userQuery } from "../services/session";
import { signOutToLogin } from "../services/sign-out";

/** How long typing pauses before the records are searched (the pages and actions match at once). */
const SEARCH_PAUSE_MS = 200;

type Entry = SpotlightActionData & { keywords?: string[] };

const ICON = { size: 18, "aria-hidden": true } as const;

/** Every word of the query in the entry's label, description or keywords (case aside). */
function matches(entry: Entry, query: string): boolean {
  const text = [entry.label, entry.description, ...(entry.keywords ?? [])].join(" ").toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/**
 * Opens the palette: the first Ctrl+K (PaletteShortcut) does so before the palette's first
 * render, so that render already shows its results; later presses are Spotlight's own.
 */
export const openPalette = () => spotlight.open();

/**
 * The command palette (Ctrl+K, ⌘K on a Mac; docs/decisions.md#command-palette): the pages the
 * user may open, actions (log time, set my availability, a new record where the user may add
 * one) and, as they type, the records of each area they may open and the calendar's events they
 * may see (each opening the calendar's day of its occurrence now or next), found on the server. Built
 * from the declarations (core's palette.ts), so a new area brings its entries by itself; it
 * never offers what the user may not open. Keyboard only: arrows, Enter, Escape.
 */
export function CommandPalette() {
  const [query, setQuery] = useState("");
  const navigate = useNavigate();
  const access = useAccess();
  const { data: user } = useQuery(userQuery);
  const { data: config } = useQuery(appConfigQuery);
  const mayReadPeople = access.mayView(vwEmployeeAvailability);
  const { data: people } = useQuery({ ...availabilityQuery, enabled: mayReadPeople });
  const ownStatus = user && people?.some((person) => person.empID === user.empID);
  const setAvailability = useSetAvailability(user?.empID ?? 0);
  const { set: setPreference } = useSetPreference();
  const dark = useComputedColorScheme("light") === "dark";

  const local = useMemo((): Entry[] => {
    const go = (path: string) => () => void navigate(path);
    const pages = PALETTE_PAGES.filter((route) => access.route(route)).map(
      (route): Entry => ({
        id: `page:${route.path}`,
        label: route.title,
        // Where the menus hold it ("Vendors › Advanced Search"), as a person would find it there.
        description: menuPlace(route)?.join(" › ") ?? "Page",
        keywords: [route.label ?? "", route.path],
        leftSection: <IconFileText {...ICON} />,
        onClick: go(route.path),
      }),
    );
    const news = PALETTE_AREAS.filter((area) => {
      const route = findRoute(area.recordPath);
      return route !== undefined && access.route(route);
    }).map(
      (area): Entry => ({
        id: `new:${area.recordPath}`,
        label: area.newLabel,
        description: `Add ${withArticle(area.noun)}`,
        keywords: ["new", "add", "create"],
        leftSection: <IconPlus {...ICON} />,
        onClick: go(area.recordPath),
      }),
    );
    const logTime: Entry[] = access.grant(tblProjectNotes.access.add, "add")
      ? [
          {
            id: "action:log-time",
            label: "Log time",
            description: "Add a time note to a project",
            keywords: ["project notes", "hours"],
            leftSection: <IconClockPlus {...ICON} />,
            onClick: requestProjectNotes,
          },
        ]
      : [];
    const statuses: Entry[] = ownStatus
      ? AVAILABILITY_TYPES.map((type) => ({
          id: `action:availability:${type}`,
          label: `Set my availability: ${type}`,
          description: "Shown to your colleagues",
          keywords: ["status", "availability"],
          leftSection: <IconUserCircle {...ICON} />,
          onClick: () => setAvailability.mutate(type),
        }))
      : [];
    const session: Entry[] = [
      {
        id: "action:scheme",
        label: dark ? "Switch to light mode" : "Switch to dark mode",
        description: "Colour scheme, kept for you in this browser",
        keywords: ["theme", "colour", "color", "dark", "light"],
        leftSection: dark ? <IconSun {...ICON} /> : <IconMoon {...ICON} />,
        onClick: () => setPreference("colourScheme", dark ? "light" : "dark"),
      },
      {
        id: "action:logout",
        label: "Log out",
        description: "End this session",
        keywords: ["sign out", "logout"],
        leftSection: <IconLogout {...ICON} />,
        onClick: () => void signOutToLogin(navigate),
      },
    ];
    return [...logTime, ...statuses, ...news, ...pages, ...session];
  }, [access, navigate, ownStatus, setAvailability.mutate, dark, setPreference]);

  const [searched] = useDebouncedValue(query.trim(), SEARCH_PAUSE_MS);
  const searchable = useMemo(
    () =>
      PALETTE_AREAS.filter((area) => {
        const route = findRoute(area.recordPath);
        return route !== undefined && access.mayView(area.list) && access.route(route, "?id=1");
      }),
    [access],
  );
  const records = useQuery({
    queryKey: readKey(
      searchable.map((area) => area.list.name),
      "palette",
      searched,
    ),
    enabled: searched.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      Promise.all(
        searchable.map(async (area) => {
          const params = paletteRecordQuery(area, searched);
          if (!params) return { area, rows: [] };
          // One area that fails leaves the others' records and the pages.
          const rows = await queryRows<Record<string, unknown>>(params).then(
            (answer) => answer.data,
            () => [],
          );
          return { area, rows };
        }),
      ),
  });

  // The calendar's events the user may see (the server's visibleTo), for those who may open the calendar.
  const calendar = findRoute(COMPANY_CALENDAR.path);
  const mayFindEvents = access.mayView(tblEvent) && calendar !== undefined && access.route(calendar);
  const timeZone = config?.timeZone;
  const events = useQuery({
    queryKey: readKey([tblEvent.name], "palette", searched),
    enabled: mayFindEvents && timeZone !== undefined && searched.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const now = new Date();
      const zone = timeZone ?? "UTC";
      const queries = paletteEventQueries(searched, zonedIso(now, zone));
      if (!queries) return [];
      // A read that fails leaves the other's events, the records and the pages.
      const read = (params: typeof queries.coming) =>
        queryRows<PaletteEventRow>(params).then(
          (answer) => answer.data,
          () => [],
        );
      const [coming, past] = await Promise.all([read(queries.coming), read(queries.past)]);
      return paletteEvents({ coming, past }, now, zone);
    },
  });

  const groups = useMemo((): SpotlightActionGroupData[] => {
    const shown = local.filter((entry) => matches(entry, query));
    const actions = shown.filter((entry) => !entry.id.startsWith("page:"));
    const pages = shown.filter((entry) => entry.id.startsWith("page:"));
    const found = (searched === query.trim() ? (records.data ?? []) : []).map(({ area, rows }) => ({
      group: area.listTitle,
      actions: rows.map(
        (row): Entry => ({
          id: `record:${area.recordPath}:${row[area.resource.key]}`,
          label: recordName(area, row),
          description: paletteDescription(area, row),
          leftSection: <IconArrowRight {...ICON} />,
          onClick: () => void navigate(`${area.recordPath}?id=${row[area.resource.key]}`),
        }),
      ),
    }));
    const calendarEvents = {
      group: "Events",
      actions: (searched === query.trim() ? (events.data ?? []) : []).map(
        (event): Entry => ({
          id: `event:${event.id}`,
          label: event.label,
          description: event.description,
          leftSection: <IconCalendarEvent {...ICON} />,
          onClick: () => void navigate(event.path),
        }),
      ),
    };
    return [{ group: "Actions", actions }, { group: "Pages", actions: pages }, ...found, calendarEvents].filter(
      (group) => group.actions.length > 0,
    );
  }, [local, query, searched, records.data, events.data, navigate]);

  // Enter opens the first result whatever its kind: records found after the query changed (the
  // pause, then the server) come into a list that had nothing to select, so the first is selected
  // then, as Spotlight does for results that were there at once.
  useEffect(() => {
    if (groups.length === 0) return;
    const first = document.querySelector<HTMLElement>("[data-action]");
    if (first && !document.querySelector("[data-action][data-selected]")) first.setAttribute("data-selected", "true");
  }, [groups]);

  return (
    <Spotlight
      actions={groups}
      query={query}
      onQueryChange={setQuery}
      // The groups are filtered already: pages and actions here, records by the server.
      filter={(_query, actions) => actions}
      shortcut={["mod + K"]}
      // In a search box too, as the first press (PaletteShortcut) does.
      tagsToIgnore={[]}
      nothingFound={records.isFetching || events.isFetching ? "Searching…" : "Nothing found"}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} aria-hidden="true" />,
        placeholder: "Search pages, records and actions…",
        "aria-label": "Search pages, records and actions",
      }}
    />
  );
}
