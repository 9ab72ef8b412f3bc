import { Radio, Stack, Text } from "@mantine/core";
import { EDIT_SCOPE, RECURRING_EDIT_SCOPES, TOASTS } from "@office/core";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../widgets/ConfirmDialog";

export type EditScope = (typeof EDIT_SCOPE.code)[keyof typeof EDIT_SCOPE.code];

/** The toast of a change saved: This and following says how many changed occurrences it dropped. */
export const changedToast = (answer: { dropped: number }, input: { scope?: number }) =>
  input.scope === EDIT_SCOPE.code.thisAndFollowing ? TOASTS.followingChanged(answer.dropped) : TOASTS.updated;

interface ScopeQuestionProps {
  /** What is asked about: a change of the series, or its removal. */
  action: "change" | "delete";
  opened: boolean;
  /** "This event" is not offered where the edit changed more than an occurrence may have of its own. */
  thisEventAllowed: boolean;
  busy?: boolean;
  /** How many occurrences changed on their own This and following would drop, where known. */
  drops?: number | undefined;
  onCancel: () => void;
  onChoose: (scope: EditScope) => void;
}

/** What This and following does to the occurrences changed on their own from this one on. */
function droppedText(drops: number | undefined): string {
  if (drops === undefined) return "Occurrences from this one on changed on their own are dropped.";
  if (drops === 0) return "No occurrence from this one on was changed on its own.";
  return `${drops} occurrence${drops === 1 ? "" : "s"} from this one on changed on ${drops === 1 ? "its" : "their"} own will be dropped.`;
}

/**
 * Spec 3's recurring edit scope, asked as Google and Outlook ask it: This event, This and
 * following events, All events; what each does said under it.
 */
export function ScopeQuestion({
  action,
  opened,
  thisEventAllowed,
  busy,
  drops,
  onCancel,
  onChoose,
}: ScopeQuestionProps) {
  const first = thisEventAllowed ? EDIT_SCOPE.code.thisEvent : EDIT_SCOPE.code.thisAndFollowing;
  const [scope, setScope] = useState<EditScope>(first);
  useEffect(() => {
    if (opened) setScope(first);
  }, [opened, first]);
  const verb = action === "delete" ? "Delete" : "Change";
  const said: Record<EditScope, string> = {
    [EDIT_SCOPE.code.thisEvent]: thisEventAllowed
      ? "Only this occurrence; the others stay as they are."
      : "Only an occurrence's time and title can change on their own.",
    [EDIT_SCOPE.code.thisAndFollowing]:
      `This occurrence and every later one: the series ends before it. ${droppedText(drops)}`,
    [EDIT_SCOPE.code.allEvents]:
      action === "delete"
        ? "The whole series, past occurrences too."
        : "Every occurrence, as this one changed; occurrences changed on their own keep their changes where they still fit.",
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={`${verb} recurring event`}
      confirm={verb}
      color={action === "delete" ? "red" : undefined}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onChoose(scope)}
    >
      <Radio.Group
        label={`${verb} which events?`}
        value={String(scope)}
        onChange={(value) => setScope(Number(value) as EditScope)}
      >
        <Stack gap="sm" mt="xs">
          {RECURRING_EDIT_SCOPES.map((option) => {
            const disabled = option.value === EDIT_SCOPE.code.thisEvent && !thisEventAllowed;
            return (
              <Radio
                key={option.value}
                value={String(option.value)}
                disabled={disabled}
                label={option.label}
                description={
                  <Text span size="xs">
                    {said[option.value as EditScope]}
                  </Text>
                }
              />
            );
          })}
        </Stack>
      </Radio.Group>
    </ConfirmDialog>
  );
}
