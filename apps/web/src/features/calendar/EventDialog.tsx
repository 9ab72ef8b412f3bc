import {
  Checkbox,
  Chip,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  type CalendarPage,
  changesOnlyOccurrence,
  type EventForm,
  type EventFormField,
  eventFormOf,
  eventFormProblems,
  eventInputOf,
  monthlyText,
  OPERATIONS,
  parseUsDate,
  RECURRENCE,
  RECURRENCES,
  TOASTS,
  tblEvent,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { call } from "../../api/operations";
import { useAccess } from "../../services/access";
import { operationQuery, useOperation } from "../../services/operations";
import { ConfirmDelete } from "../../widgets/ConfirmDelete";
import { EmployeesField } from "../../widgets/EmployeesField";
import { DateField } from "../../widgets/form/DateField";
import { FieldInput } from "../../widgets/form/FieldInput";
import { RecordDialog } from "../../widgets/record/RecordDialog";
import { type DayOff, DaysOffQuestion } from "./DaysOffQuestion";
import { changedToast, type EditScope, ScopeQuestion } from "./ScopeQuestion";

/** What the dialog opens on: a new event's times, or an occurrence of a stored one. */
export type EventTarget =
  | { kind: "new"; form: EventForm }
  | { kind: "occurrence"; eventID: number; original: string; start: string; end: string; recurring: boolean };

/** The event's two ends in the dialog: a date, and a time unless it lasts all day; where the server names an error on them. */
const ENDS = [
  { label: "Start", date: "startDate", time: "startTime", server: "eventStart" },
  { label: "End", date: "endDate", time: "endTime", server: "eventMinutes" },
] as const;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const columns = tblEvent.columns;

/** The form's plain fields, each the input its column declares. */
const PLAIN: ReadonlyArray<[EventFormField, keyof typeof columns]> = [
  ["location", "eventLocation"],
  ["link", "eventLink"],
  ["linkTarget", "eventLinkTarget"],
  ["visibleFor", "eventVisibleFor"],
];

interface EventDialogProps {
  calendar: CalendarPage;
  target: EventTarget | null;
  onClose: () => void;
}

/**
 * The event dialog (spec 2.8's calendar parts): Title, Category, Start, End or All day,
 * Location, Link and its target, Attendees, Visible for, Recurrence with its end, Description.
 * A new event is inserted; a stored one updated or deleted by whoever may (its creator always),
 * an occurrence of a series after asking which occurrences.
 */
export function EventDialog({ calendar, target, onClose }: EventDialogProps) {
  const stored = target?.kind === "occurrence" ? target : null;
  const { data: record, isError } = useQuery({
    ...operationQuery(OPERATIONS.calendarEvent, { eventID: stored?.eventID ?? 0 }),
    enabled: stored !== null,
  });
  const rights = useAccess().rights(calendar.resource);
  const [start, setStart] = useState<EventForm | null>(null);
  const [form, setForm] = useState<EventForm | null>(null);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [asking, setAsking] = useState<"change" | "delete" | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [daysOff, setDaysOff] = useState<DayOff[] | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    const first = target?.kind === "new" ? target.form : record && stored ? eventFormOf(record, stored) : null;
    setStart(first);
    setForm(first);
    setTried(false);
    setServerErrors({});
  }, [target, record, stored]);

  const failed = (error: Error) => {
    if (error instanceof ApiError && error.body.fieldErrors) setServerErrors(error.body.fieldErrors);
  };
  const create = useOperation(OPERATIONS.createEvent, {
    done: () => TOASTS.inserted,
    failed: () => TOASTS.insertFailed,
    onDone: onClose,
    onFailed: failed,
  });
  const change = useOperation(OPERATIONS.changeEvent, {
    done: changedToast,
    failed: () => TOASTS.updateFailed,
    onDone: onClose,
    onFailed: failed,
  });
  const remove = useOperation(OPERATIONS.removeEvent, {
    done: () => TOASTS.deleted,
    failed: () => TOASTS.deleteFailed,
    onDone: onClose,
  });

  const problems = form ? eventFormProblems(form) : {};
  const errorOf = (field: EventFormField, server?: string) =>
    (tried ? problems[field] : undefined) ?? (server ? serverErrors[server] : undefined);
  const set = <K extends EventFormField>(field: K, value: EventForm[K]) => {
    setForm((now) => (now ? { ...now, [field]: value } : now));
  };
  const mode = stored ? "UPDATE" : "INSERT";
  const can = stored
    ? { add: false, change: record?.mayChange ?? false, del: record?.mayDelete ?? false }
    : { add: rights.add, change: false, del: false };
  const readOnly = stored ? !can.change : !can.add;
  const busy = create.isPending || change.isPending || remove.isPending || checking;

  const save = (scope?: EditScope) => {
    if (!form) return;
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const input = eventInputOf(form);
    if (!stored) return void createChecked(input);
    if (stored.recurring && scope === undefined) return setAsking("change");
    setAsking(null);
    change.mutate({ ...input, eventID: stored.eventID, ...(scope ? { scope, original: stored.original } : {}) });
  };
  /** A new series is first looked at for days off (holidays, attendees out), which the user may skip. */
  const createChecked = async (input: ReturnType<typeof eventInputOf>) => {
    if (input.eventRecurrence === RECURRENCE.code.once) return create.mutate(input);
    setChecking(true);
    try {
      const { data } = await call(OPERATIONS.eventDaysOff, input);
      if (data.length === 0) create.mutate(input);
      else setDaysOff(data);
    } catch {
      // What the check refuses (a series too long, say) the insert refuses too: it says it the usual way.
      create.mutate(input);
    } finally {
      setChecking(false);
    }
  };
  const removeIt = (scope?: EditScope) => {
    if (!stored) return;
    setAsking(null);
    setConfirmingDelete(false);
    remove.mutate({ eventID: stored.eventID, ...(scope ? { scope, original: stored.original } : {}) });
  };

  const title = stored ? `${calendar.noun[0]?.toUpperCase()}${calendar.noun.slice(1)}` : `New ${calendar.noun}`;
  const recurrence = Number(form?.recurrence ?? RECURRENCE.code.once);
  const startDay = form ? parseUsDate(form.startDate) : null;

  return (
    <>
      <RecordDialog
        opened={target !== null && asking === null && !confirmingDelete && daysOff === null}
        title={title}
        mode={mode}
        can={can}
        dirty={JSON.stringify(form) !== JSON.stringify(start)}
        busy={busy}
        onClose={onClose}
        onInsert={() => save()}
        onUpdate={() => save()}
        onDelete={() => (stored?.recurring ? setAsking("delete") : setConfirmingDelete(true))}
      >
        {!form ? (
          isError ? (
            <Text c="red">This event could not be read: it may have been deleted, or it is not shown to you.</Text>
          ) : (
            <Group justify="center" p="lg">
              <Loader aria-label="Loading the event" />
            </Group>
          )
        ) : (
          <form
            noValidate
            aria-label={title}
            onSubmit={(event) => {
              event.preventDefault();
              if (!readOnly) save();
            }}
          >
            <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack gap="sm">
                <FieldInput
                  column={columns.eventTitle}
                  label="Title"
                  value={form.title}
                  error={errorOf("title", "eventTitle")}
                  onChange={(value) => set("title", value)}
                  autoFocus={!stored}
                />
                <FieldInput
                  column={columns.eventCategory}
                  label="Category"
                  value={form.category}
                  error={errorOf("category", "eventCategory")}
                  onChange={(value) => set("category", value)}
                />
                <Checkbox
                  label="All day"
                  checked={form.allDay}
                  onChange={(event) => set("allDay", event.currentTarget.checked)}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  {ENDS.map((end) => (
                    <Fragment key={end.label}>
                      <DateField
                        label={`${end.label} date`}
                        value={form[end.date]}
                        required
                        error={errorOf(end.date, end.server)}
                        onChange={(value) => set(end.date, value)}
                      />
                      {form.allDay ? null : (
                        <TextInput
                          label={`${end.label} time`}
                          placeholder="hh:mm AM"
                          withAsterisk
                          value={form[end.time]}
                          error={errorOf(end.time)}
                          onChange={(event) => set(end.time, event.currentTarget.value)}
                        />
                      )}
                    </Fragment>
                  ))}
                </SimpleGrid>
                <NativeSelect
                  label="Recurrence"
                  data={RECURRENCES.map((option) => ({ value: String(option.value), label: option.label }))}
                  value={form.recurrence}
                  error={errorOf("recurrence", "eventRecurrence")}
                  onChange={(event) => set("recurrence", event.currentTarget.value)}
                />
                {recurrence === RECURRENCE.code.weekly ? (
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="event-weekdays">
                      Repeats on
                    </Text>
                    <Chip.Group
                      multiple
                      value={form.weekdays.map(String)}
                      onChange={(days) => set("weekdays", days.map(Number))}
                    >
                      <Group gap={4} role="group" aria-labelledby="event-weekdays">
                        {WEEKDAYS.map((day, index) => (
                          <Chip key={day} value={String(index)} size="xs" aria-label={day}>
                            {day.slice(0, 3)}
                          </Chip>
                        ))}
                      </Group>
                    </Chip.Group>
                    {errorOf("weekdays", "eventRecurrenceDays") ? (
                      <Text size="xs" c="red">
                        {errorOf("weekdays", "eventRecurrenceDays")}
                      </Text>
                    ) : null}
                  </Stack>
                ) : null}
                {recurrence === RECURRENCE.code.monthly && startDay ? (
                  <Text size="sm" c="dimmed">
                    {monthlyText(`${startDay}T00:00`)}
                  </Text>
                ) : null}
                {recurrence === RECURRENCE.code.once ? null : (
                  <Group align="flex-end" gap="sm" wrap="wrap">
                    <SegmentedControl
                      aria-label="Ends"
                      data={[
                        { value: "count", label: "After" },
                        { value: "until", label: "On date" },
                      ]}
                      value={form.ends}
                      onChange={(value) => set("ends", value as EventForm["ends"])}
                    />
                    {form.ends === "count" ? (
                      <NumberInput
                        label="Times"
                        min={1}
                        allowDecimal={false}
                        w={120}
                        value={form.count}
                        error={errorOf("count", "eventRecurrenceCount")}
                        onChange={(value) => set("count", String(value))}
                      />
                    ) : (
                      <DateField
                        label="Until"
                        value={form.until}
                        error={errorOf("until", "eventRecurrenceUntil")}
                        onChange={(value) => set("until", value)}
                      />
                    )}
                  </Group>
                )}
                <EmployeesField
                  label="Attendees"
                  addLabel="Add an attendee"
                  value={form.attendees}
                  readOnly={readOnly}
                  error={serverErrors.attendees}
                  onChange={(attendees) => set("attendees", attendees)}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  {PLAIN.map(([field, column]) => (
                    <FieldInput
                      key={field}
                      column={columns[column]}
                      label={columns[column].label ?? column}
                      value={String(form[field])}
                      error={errorOf(field, column)}
                      onChange={(value) => set(field, value as never)}
                    />
                  ))}
                </SimpleGrid>
                <FieldInput
                  column={columns.eventDescription}
                  label="Description"
                  value={form.description}
                  error={errorOf("description", "eventDescription")}
                  onChange={(value) => set("description", value)}
                />
              </Stack>
            </fieldset>
          </form>
        )}
      </RecordDialog>
      <ScopeQuestion
        action={asking ?? "change"}
        opened={asking !== null}
        thisEventAllowed={asking === "delete" || (start && form ? changesOnlyOccurrence(start, form) : false)}
        busy={busy}
        drops={
          stored && record ? record.exceptions.filter((original) => original >= stored.original).length : undefined
        }
        onCancel={() => setAsking(null)}
        onChoose={(scope) => (asking === "delete" ? removeIt(scope) : save(scope))}
      />
      <DaysOffQuestion
        days={daysOff}
        busy={create.isPending}
        onBack={() => setDaysOff(null)}
        onKeep={() => form && create.mutate(eventInputOf(form), { onSettled: () => setDaysOff(null) })}
        onSkip={() =>
          form &&
          create.mutate(
            { ...eventInputOf(form), skip: (daysOff ?? []).map((day) => day.original) },
            { onSettled: () => setDaysOff(null) },
          )
        }
      />
      <ConfirmDelete
        opened={confirmingDelete}
        noun={calendar.noun}
        name={form?.title}
        busy={busy}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => removeIt()}
      />
    </>
  );
}
