import { TextInput } from "@mantine/core";
import {
  type EnteredChargeBody,
  isoDate,
  type MyRequest,
  CREDIT_CARD_OPERATIONS as op,
  recordForm,
  TOASTS,
  tblCCCharge,
  validateApprovalCode,
} from "@office/core";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { call } from "../../api/operations";
import { useOperation } from "../../services/operations";
import { FieldInput } from "../../widgets/form/FieldInput";
import { RecordDialog } from "../../widgets/record/RecordDialog";
import { useRecordForm } from "../../widgets/record/useRecordForm";

const FORM = recordForm(tblCCCharge, ["ccChargeDate", "ccChargeAmount", "ccChargeMerchant"]);
const CODE_LABEL = "Approval Code";

const codeIsValid = async (code: string) => (await call(op.validateApprovalCode, { code })).valid;

/**
 * Entering what was spent with an approved request: the approval code (checked on the server,
 * spec 5's validateApprovalCode and its message), the day, the amount (at most the approved)
 * and where. The code is used up by it.
 */
export function ChargeDialog({ request, onClose }: { request: MyRequest | null; onClose: () => void }) {
  const state = useRecordForm(FORM);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const { reset } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new charge each time the dialog opens.
  useEffect(() => {
    if (!request) return;
    reset({ ccChargeDate: isoDate(new Date()), ccChargeAmount: request.ccPermissionAmount, ccChargeMerchant: "" });
    setCode(request.ccPermissionApprovalCode ?? "");
    setCodeError(null);
  }, [request]);
  const enter = useOperation(op.enterCharge, {
    done: () => TOASTS.inserted,
    failed: () => TOASTS.insertFailed,
    onDone: onClose,
    onFailed: (error) => {
      state.showServerErrors(error);
      if (error instanceof ApiError && error.body.fieldErrors?.code) setCodeError(String(error.body.fieldErrors.code));
    },
  });
  const checkCode = () => validateApprovalCode(code, CODE_LABEL, codeIsValid);
  const send = async () => {
    const fieldsValid = state.validate();
    const codeMessage = code.trim() ? await checkCode() : `${CODE_LABEL} is required`;
    setCodeError(codeMessage);
    if (!fieldsValid || codeMessage) return;
    enter.mutate({ code: code.trim(), ...state.fields() } as EnteredChargeBody);
  };
  const field = (name: (typeof FORM.names)[number]) => ({
    label: FORM.rules[name].label,
    value: state.values[name],
    error: state.error(name),
    onChange: (value: string) => state.set(name, value),
  });

  return (
    <RecordDialog
      opened={request !== null}
      title="Enter the charge"
      mode="INSERT"
      can={{ add: true, change: false, del: false }}
      dirty={state.dirty || code !== (request?.ccPermissionApprovalCode ?? "")}
      busy={enter.isPending}
      onClose={onClose}
      onInsert={() => void send()}
    >
      <TextInput
        label={CODE_LABEL}
        withAsterisk
        value={code}
        error={codeError}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setCodeError(null);
        }}
        onBlur={async () => setCodeError(code.trim() ? await checkCode() : null)}
        autoComplete="off"
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.08em" } }}
      />
      <FieldInput column={FORM.columns.ccChargeDate} {...field("ccChargeDate")} />
      <FieldInput column={FORM.columns.ccChargeAmount} {...field("ccChargeAmount")} />
      <FieldInput column={FORM.columns.ccChargeMerchant} {...field("ccChargeMerchant")} autoFocus />
    </RecordDialog>
  );
}
