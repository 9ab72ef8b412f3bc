import { NativeSelect, Text } from "@mantine/core";
import {
  APPROVAL,
  CARD_REQUEST_FIELDS,
  type CardRequestBody,
  cardLabel,
  compareMoney,
  formatMoney,
  moneyLeft,
  moneyText,
  CREDIT_CARD_OPERATIONS as op,
  recordForm,
  TOASTS,
  tblCCPermission,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useOperation } from "../../services/operations";
import { FieldInput } from "../../widgets/form/FieldInput";
import { ProjectTypeahead } from "../../widgets/ProjectTypeahead";
import { RecordDialog } from "../../widgets/record/RecordDialog";
import { useRecordForm } from "../../widgets/record/useRecordForm";
import { cardsToAskQuery } from "./queries";

const FORM = recordForm(tblCCPermission, CARD_REQUEST_FIELDS);

/**
 * Asking to use a card: one of the cards the user may ask for (their own, or a manager's
 * above them), the amount, what for, and a project or none (a non-project expense). The form
 * checks the table's rules; the server decides whether it goes over the card's month.
 */
export function AskDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const state = useRecordForm(FORM);
  const cards = useQuery({ ...cardsToAskQuery, enabled: opened });
  const { reset } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request each time the dialog opens.
  useEffect(() => {
    if (opened) reset();
  }, [opened]);
  const ask = useOperation(op.askToUseCard, {
    // What happened: one's own card within its month is approved at once (its code), over the
    // month it waits for an over-limit approver; another's card waits for its holder.
    done: (answer) =>
      answer.ccPermissionApprovalCode
        ? TOASTS.askApproved(answer.ccPermissionApprovalCode)
        : answer.ccPermissionCCUsedApprovalStatus === APPROVAL.code.approved
          ? TOASTS.askedOverLimit
          : TOASTS.asked,
    failed: (why) => TOASTS.askFailed(why),
    onDone: onClose,
    onFailed: (error) => state.showServerErrors(error),
  });
  const send = () => {
    if (!state.validate()) return;
    const { projectID, ...fields } = state.fields();
    ask.mutate((projectID === null || projectID === undefined ? fields : { ...fields, projectID }) as CardRequestBody);
  };
  const field = (name: (typeof CARD_REQUEST_FIELDS)[number]) => ({
    label: FORM.rules[name].label,
    value: state.values[name],
    error: state.error(name),
    onChange: (value: string) => state.set(name, value),
  });
  const card = cards.data?.find((c) => String(c.ccID) === state.values.ccID);
  const amount = moneyText(state.values.ccPermissionAmount);
  const left = card ? moneyLeft(card.ccMonthlyLimit, card.ccMonthCommitted) : null;
  const over = left !== null && amount !== null && compareMoney(amount, left) > 0;

  return (
    <RecordDialog
      opened={opened}
      title="Ask to use a card"
      mode="INSERT"
      can={{ add: true, change: false, del: false }}
      dirty={state.dirty}
      busy={ask.isPending}
      onClose={onClose}
      onInsert={send}
    >
      <NativeSelect
        {...field("ccID")}
        withAsterisk
        onChange={(event) => state.set("ccID", event.currentTarget.value)}
        description={
          cards.data && cards.data.length === 0
            ? "No card is open to you: cards are held by you or by a manager above you."
            : undefined
        }
        data={[
          { value: "", label: cards.isPending ? "Loading the cards…" : "Choose…" },
          ...(cards.data ?? []).map((c) => ({ value: String(c.ccID), label: `${cardLabel(c)} (${c.holderName})` })),
        ]}
        data-autofocus
      />
      {card && left !== null ? (
        <Text size="sm" c={over ? "orange.8" : "dimmed"} aria-live="polite">
          {formatMoney(left)} left of {formatMoney(card.ccMonthlyLimit)} this month
          {over ? ": over the limit, so an over-limit approver decides too." : "."}
        </Text>
      ) : null}
      <FieldInput column={FORM.columns.ccPermissionAmount} {...field("ccPermissionAmount")} />
      <FieldInput column={FORM.columns.ccPermissionPurpose} {...field("ccPermissionPurpose")} />
      <ProjectTypeahead
        label="Project"
        labelVisible
        placeholder="None: a non-project expense"
        value={state.values.projectID || null}
        onChange={(id) => state.set("projectID", id ?? "")}
        error={state.error("projectID")}
      />
    </RecordDialog>
  );
}
