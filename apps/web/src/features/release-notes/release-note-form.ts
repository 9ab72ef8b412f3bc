import { formatUsDate, formRulesOf, parseUsDate, tblReleaseNote } from "@office/core";

export const RELEASE_NOTE_FIELDS = [
  "releaseNoteVersion",
  "releaseNoteDate",
  "releaseNoteTitle",
  "releaseNoteBody",
] as const;
export type ReleaseNoteField = (typeof RELEASE_NOTE_FIELDS)[number];

// The date is typed as a US date; the column keeps an ISO one.
export const RELEASE_NOTE_RULES = formRulesOf(tblReleaseNote, RELEASE_NOTE_FIELDS, { releaseNoteDate: ["date"] });

export const EMPTY_NOTE: Record<ReleaseNoteField, string> = {
  releaseNoteVersion: "",
  releaseNoteDate: "",
  releaseNoteTitle: "",
  releaseNoteBody: "",
};

export function noteToForm(row: Record<string, unknown>): Record<ReleaseNoteField, string> {
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    releaseNoteVersion: text(row.releaseNoteVersion),
    releaseNoteDate: formatUsDate(text(row.releaseNoteDate)) ?? "",
    releaseNoteTitle: text(row.releaseNoteTitle),
    releaseNoteBody: text(row.releaseNoteBody),
  };
}

export function formToFields(values: Record<ReleaseNoteField, string>) {
  return { ...values, releaseNoteDate: parseUsDate(values.releaseNoteDate) ?? values.releaseNoteDate };
}
