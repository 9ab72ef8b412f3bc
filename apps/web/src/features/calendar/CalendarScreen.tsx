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
} from "@office/core";
import { IconChevronLeft, IconChevronRight, IconPlus, IconRss } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useAccess } from "../../services/access";
import { useCompanyDay } from "../../services/company-day";
import { useLayout } from "../../services/device";
import { operationQuery, useOperation } from "../../services/operations";
import { appConfigQuery } from "../../services/session";
import { PageFrame } from "../../widgets/PageFrame";
import { calendarPlace, FULLCALENDAR_VIEWS, viewOf } from "./calendar-address";
import { categoryColour } from "./category-colour";
import { EventDialog, type EventTarget } from "./EventDialog";
import { hoursShown } from "./hours-shown";
import { changedToast, type EditScope, ScopeQuestion } from "./ScopeQuestion";
import { SubscribeDialog } from "./SubscribeDialog";

/** An occurrence as FullCalendar places it; its own ids kept for the dialog and the writes. */
const eventOf = (occurrence: CalendarOccurrence, editable: boolean): EventInput => ({
  id: `${occurrence.eventID}@${occurrence.original}`,
  title: occurrence.title,
  start: occurrence.allDay ? occurrence.start.slice(0, 10) : occurrence.start,
  end: occurrence.allDay ? occurrence.end.slice(0, 10) : occurrence.end,
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
  const [range, setRange] = useState<{ from: string; to: string; title: string } | null>(null);
  const [target, setTarget] = useState<EventTarget | null>(null);
  const [moving, setMoving] = useState<PendingMove | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const client = useQueryClient();

  const occurrences = useQuery({
    ...operationQuery(OPERATIONS.calendarOccurrences, { from: range?.from ?? "", to: range?.to ?? "" }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
  const events = useMemo(
    () => (occurrences.data?.data ?? []).map((occurrence) => eventOf(occurrence, rights.change)),
    [occurrences.data, rights.change],
  );

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
          <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => api()?.prev()}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" style={{ flexShrink: 0 }} onClick={() => go(place.view, today)}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => api()?.next()}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
        <Text component="h2" fw={600} size="lg" aria-live="polite" style={{ flexGrow: 1 }}>
          {range?.title ?? ""}
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
          timeZone={config.timeZone}
          headerToolbar={false}
          // As tall as it is (no scroller inside the page): a week's or a day's hours are the
          // working day's, widened to what happens in them, so no event is outside them.
          height="auto"
          {...hoursShown(occurrences.data?.data ?? [])}
          events={events}
          nowIndicator
          dayMaxEvents
          navLinks
          editable={rights.change}
          selectable={rights.add}
          selectMirror
          longPressDelay={400}
          noEventsText={`No ${calendar.noun}s in this week`}
          datesSet={(info) => {
            const view = viewOf(info.view.type);
            setRange({ from: info.startStr, to: info.endStr, title: info.view.title });
            const day = info.view.calendar.formatIso(info.view.calendar.getDate(), true);
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
