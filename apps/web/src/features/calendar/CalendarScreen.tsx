import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "./calendar.css";
import FullCalendar, {
  type CalendarApi,
  type CalendarRef,
  type EventChangeInfo,
  type EventInput,
} from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import listPlugin from "@fullcalendar/react/list";
import classicTheme from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import { ActionIcon, Alert, Box, Button, Group, SegmentedControl, Text, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  type CalendarOccurrence,
  type CalendarPage,
  type CalendarView,
  eventFormOf,
  eventInputOf,
  newEventForm,
  OPERATIONS,
  TOASTS,
  zonedIso,
} from "@office/core";
import { IconChevronLeft, IconChevronRight, IconPlus, IconRss } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useAccess } from "../../services/access";
import { useCompanyDay } from "../../services/company-day";
import { useLayout } from "../../services/device";
import { operationQuery, useOperation } from "../../services/operations";
import { appConfigQuery } from "../../services/session";
import { PageFrame } from "../../widgets/PageFrame";
import { calendarPlace, daysRange, FULLCALENDAR_VIEWS, neighbourDays, viewOf, viewRange } from "./calendar-address";
import { categoryColour } from "./category-colour";
import { EventDialog, type EventTarget } from "./EventDialog";
import { eventTime } from "./event-time";
import { hoursShown } from "./hours-shown";
import { changedToast, type EditScope, ScopeQuestion } from "./ScopeQuestion";
import { SubscribeDialog } from "./SubscribeDialog";

/**
 * An occurrence as FullCalendar places it; its own ids kept for the dialog and the writes. Its
 * times go as the company's clock shows them (the offset left off): FullCalendar works on
 * wall-clock times (below), and takes them as they are.
 */
const eventOf = (occurrence: CalendarOccurrence, editable: boolean): EventInput => ({
  id: `${occurrence.eventID}@${occurrence.original}`,
  title: occurrence.title,
  start: occurrence.start.slice(0, occurrence.allDay ? 10 : 19),
  end: occurrence.end.slice(0, occurrence.allDay ? 10 : 19),
  allDay: occurrence.allDay,
  editable,
  color: categoryColour(occurrence.eventCategory),
  extendedProps: { occurrence },
});

/** The dialog's target of an occurrence. */
const targetOf = (occurrence: CalendarOccurrence): EventTarget => ({
  kind: "occurrence",
  eventID: occurrence.eventID,
  original: occurrence.original,
  start: occurrence.start,
  end: occurrence.end,
  recurring: occurrence.recurring,
});

/** A move or a resize waiting for its scope (a recurring event's), or done at once. */
interface PendingMove {
  info: EventChangeInfo;
  occurrence: CalendarOccurrence;
}

/**
 * A calendar kind of page (core's CALENDAR_PAGES): month, week, day and agenda views in the
 * company's time zone, the view and day in the address; a click on an event opens it, on a day
 * or a slot starts a new one there, a drag or a resize moves it (asking which occurrences of a
 * series). Occurrences come expanded and filtered by the server for the range shown.
 */
export function CalendarScreen({ calendar }: { calendar: CalendarPage }) {
  const [params, setParams] = useSearchParams();
  const today = useCompanyDay();
  const { data: config } = useQuery(appConfigQuery);
  const layout = useLayout();
  const narrow = useMediaQuery("(max-width: 48em)", false);
  const phone = layout === "mobile" || narrow === true;
  const opensOn = phone ? calendar.opensOn.phone : calendar.opensOn.desktop;
  const place = calendarPlace(params, { view: opensOn, date: today ?? "" });
  const rights = useAccess().rights(calendar.resource);
  const ref = useRef<CalendarRef>(null);
  // The range read is known from the address; what FullCalendar drew (its datesSet) is the
  // heading, and the range itself wherever the two ever differ.
  const [drawn, setDrawn] = useState<{ days: [string, string]; title: string; at: string } | null>(null);
  const timeZone = config?.timeZone;
  const range = useMemo(() => {
    if (!timeZone || !place.date) return null;
    if (drawn?.at === `${place.view} ${place.date}`) return daysRange(drawn.days, timeZone);
    return viewRange(place.view, place.date, timeZone);
  }, [drawn, place.view, place.date, timeZone]);
  // The company's clock now, as FullCalendar's wall-clock "UTC" reads it: today's mark and the now line.
  const zone = useRef(timeZone);
  zone.current = timeZone;
  const companyNow = useCallback(() => zonedIso(new Date(), zone.current ?? "UTC").slice(0, 19), []);
  // By value: the heading arriving changes nothing drawn (a new array would have FullCalendar draw every event again).
  const [from, to] = [range?.from ?? "", range?.to ?? ""];
  const [target, setTarget] = useState<EventTarget | null>(null);
  const [moving, setMoving] = useState<PendingMove | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const client = useQueryClient();

  const occurrences = useQuery({
    ...operationQuery(OPERATIONS.calendarOccurrences, { from, to }),
    enabled: from !== "",
    placeholderData: keepPreviousData,
  });
  // Once a range is shown, the one before and the one after are read ahead: Previous and Next draw at once.
  const loaded = occurrences.isSuccess && !occurrences.isPlaceholderData;
  useEffect(() => {
    if (!loaded || !timeZone || !place.date) return;
    for (const day of neighbourDays(place.view, place.date))
      void client.prefetchQuery(operationQuery(OPERATIONS.calendarOccurrences, viewRange(place.view, day, timeZone)));
  }, [loaded, client, place.view, place.date, timeZone]);

  // While a new range loads, the last one's occurrences that fall in it stay (none of the rest is drawn).
  const shown = useMemo(() => {
    const all = occurrences.data?.data ?? [];
    if (!occurrences.isPlaceholderData) return all;
    const [after, before] = [Date.parse(from), Date.parse(to)];
    return all.filter((occurrence) => Date.parse(occurrence.end) > after && Date.parse(occurrence.start) < before);
  }, [occurrences.data, occurrences.isPlaceholderData, from, to]);
  const events = useMemo(() => shown.map((occurrence) => eventOf(occurrence, rights.change)), [shown, rights.change]);

  // The address is where the calendar is: a change of it (a link, Back) moves the calendar there.
  const api = (): CalendarApi | undefined => ref.current?.getApi();
  useEffect(() => {
    const calendarApi = ref.current?.getApi();
    if (!calendarApi || !place.date) return;
    const shownView = viewOf(calendarApi.view.type);
    const shownDay = calendarApi.formatIso(calendarApi.getDate(), true);
    if (shownView !== place.view) calendarApi.changeView(FULLCALENDAR_VIEWS[place.view], place.date);
    else if (shownDay !== place.date) calendarApi.gotoDate(place.date);
  }, [place.view, place.date]);

  // A link to one occurrence (Home's Today, the palette: `&event=12&at=2026-03-02T09:00`) opens it once the range is read.
  const linked = params.get("event");
  useEffect(() => {
    if (!linked || !occurrences.data) return;
    const at = params.get("at");
    const found = occurrences.data.data.find(
      (occurrence) => String(occurrence.eventID) === linked && (!at || occurrence.original === at),
    );
    if (found) setTarget(targetOf(found));
    const next = new URLSearchParams(params);
    next.delete("event");
    next.delete("at");
    setParams(next, { replace: true });
  }, [linked, occurrences.data, params, setParams]);

  const go = (view: CalendarView, date: string) => {
    const next = new URLSearchParams(params);
    next.set("view", view);
    next.set("date", date);
    setParams(next, { replace: true });
  };
  /** Previous or Next: FullCalendar moves, and the address with it in the same render. */
  const step = (direction: "prev" | "next") => {
    const calendarApi = api();
    if (!calendarApi) return;
    calendarApi[direction]();
    go(place.view, calendarApi.formatIso(calendarApi.getDate(), true));
  };

  const move = useOperation(OPERATIONS.changeEvent, {
    done: changedToast,
    failed: () => TOASTS.updateFailed,
  });
  /** A drag or a resize, saved: the event as it is stored, at the occurrence's new time. */
  const saveMove = async ({ info, occurrence }: PendingMove, scope?: EditScope) => {
    setMoving(null);
    try {
      const record = await client.fetchQuery(operationQuery(OPERATIONS.calendarEvent, { eventID: occurrence.eventID }));
      const moved = eventFormOf(record, { start: info.event.startStr, end: info.event.endStr || info.event.startStr });
      await move.mutateAsync({
        ...eventInputOf(moved),
        eventID: occurrence.eventID,
        ...(scope ? { scope, original: occurrence.original } : {}),
      });
    } catch {
      info.revert();
    }
  };
  const changed = (info: EventChangeInfo) => {
    // A timed event dropped among the all-day ones (or the other way) has no length to keep: the dialog changes that.
    if (info.event.allDay !== info.oldEvent.allDay) return info.revert();
    const occurrence = info.event.extendedProps.occurrence as CalendarOccurrence;
    const pending = { info, occurrence };
    if (occurrence.recurring) setMoving(pending);
    else void saveMove(pending);
  };

  if (!config || !today) return null;
  return (
    <PageFrame gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {calendar.title}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRss size={16} aria-hidden="true" />}
            onClick={() => setSubscribing(true)}
          >
            Subscribe
          </Button>
          {rights.add ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setTarget({ kind: "new", form: newEventForm(place.date) })}
            >
              New {calendar.noun}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => step("prev")}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" style={{ flexShrink: 0 }} onClick={() => go(place.view, today)}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => step("next")}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
        <Text component="h2" fw={600} size="lg" aria-live="polite" style={{ flexGrow: 1 }}>
          {drawn?.title ?? ""}
        </Text>
        <SegmentedControl
          aria-label="View"
          data={CALENDAR_VIEWS.map((view) => ({ value: view, label: CALENDAR_VIEW_LABELS[view] }))}
          value={place.view}
          onChange={(view) => go(view as CalendarView, place.date)}
        />
      </Group>
      {occurrences.isError ? (
        <Alert color="red" title="The calendar could not be read">
          <Group gap="sm">
            <Text size="sm">Its events did not load.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void occurrences.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Box className="office-calendar" aria-busy={occurrences.isFetching} pos="relative">
        {occurrences.isFetching ? <VisuallyHidden role="status">Loading events</VisuallyHidden> : null}
        <FullCalendar
          ref={ref}
          plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={FULLCALENDAR_VIEWS[place.view]}
          initialDate={place.date}
          // Wall-clock time: the company's days and hours are the calendar's whatever the
          // browser's zone (the server sends wall-clock times of the company's zone). Told it is
          // UTC, where every wall-clock time exists once, FullCalendar converts nothing (its
          // conversions through a named zone were most of a busy view's drawing).
          timeZone="UTC"
          now={companyNow}
          headerToolbar={false}
          // As tall as it is (no scroller inside the page): a week's or a day's hours are the
          // working day's, widened to what happens in them, so no event is outside them.
          height="auto"
          {...hoursShown(shown)}
          events={events}
          nowIndicator
          dayMaxEvents
          navLinks
          editable={rights.change}
          selectable={rights.add}
          selectMirror
          longPressDelay={400}
          listItemEventClass="office-calendar-item"
          eventTimeFormat={eventTime}
          eventTimeClass="office-calendar-time"
          noEventsText={`No ${calendar.noun}s in this week`}
          datesSet={(info) => {
            const view = viewOf(info.view.type);
            const day = info.view.calendar.formatIso(info.view.calendar.getDate(), true);
            const days: [string, string] = [info.startStr.slice(0, 10), info.endStr.slice(0, 10)];
            setDrawn({ days, title: info.view.title, at: `${view} ${day}` });
            if (view && (view !== place.view || day !== place.date)) go(view, day);
          }}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            setTarget(targetOf(info.event.extendedProps.occurrence as CalendarOccurrence));
          }}
          select={(info) => {
            setTarget({
              kind: "new",
              form: newEventForm(info.startStr.slice(0, 16), info.endStr.slice(0, 16), info.allDay),
            });
            api()?.unselect();
          }}
          eventDrop={changed}
          eventResize={changed}
        />
      </Box>
      <EventDialog calendar={calendar} target={target} onClose={() => setTarget(null)} />
      <SubscribeDialog opened={subscribing} onClose={() => setSubscribing(false)} />
      <ScopeQuestion
        action="change"
        opened={moving !== null}
        thisEventAllowed
        busy={move.isPending}
        onCancel={() => {
          moving?.info.revert();
          setMoving(null);
        }}
        onChoose={(scope) => moving && void saveMove(moving, scope)}
      />
    </PageFrame>
  );
}
