import { Button, Group, Text } from "@mantine/core";
import {
  ACTIVE_INACTIVE,
  criterionParams,
  NONE,
  type Reference,
  type Resource,
  type SearchCriterion,
} from "@office/core";
import { IconAdjustmentsHorizontal } from "@tabler/icons-react";
import { Fragment } from "react";
import { ReferenceText } from "../form/FieldValue";
import type { SearchValues } from "./search-values";

/** One box of a search that ran, as the summary says it: its label and its value in words, or a record it names. */
export type SearchedBy = { label: string; text: string } | { label: string; reference: Reference; value: string };

/** What a search was made of, box by box: "Name “harbor”", "Status: Closed", "Created 02/01/2026 – …". */
export function searchedBy(criteria: readonly SearchCriterion[], list: Resource, values: SearchValues): SearchedBy[] {
  return criteria.flatMap((criterion): SearchedBy[] => {
    const { label } = criterion;
    const [first = "", second = ""] = criterionParams(criterion).map((name) => values[name]?.trim() ?? "");
    if (!first && !second) return [];
    if (criterion.kind === "dateRange") return [{ label, text: ` ${first || "…"} – ${second || "…"}` }];
    if (criterion.kind === "contains") return [{ label, text: ` “${first}”` }];
    if (first === NONE && criterion.none) return [{ label, text: `: ${criterion.none}` }];
    const field = criterion.field ?? list.columns[criterion.columns[0] ?? ""]?.field;
    const chosen = (options: readonly { value: number | string; label: string }[]) =>
      options.find((option) => String(option.value) === first)?.label ?? first;
    if (field?.kind === "choice") return [{ label, text: `: ${chosen(field.options)}` }];
    if (field?.kind === "flag") return [{ label, text: `: ${chosen(ACTIVE_INACTIVE)}` }];
    if (field?.kind === "reference") return [{ label, reference: field.reference, value: first }];
    return [{ label, text: ` “${first}”` }];
  });
}

interface CriteriaSummaryProps {
  criteria: readonly SearchCriterion[];
  list: Resource;
  values: SearchValues;
  onEdit: () => void;
  onClear: () => void;
}

/** A search's boxes folded away once it ran: what it was, and the way back to them. */
export function CriteriaSummary({ criteria, list, values, onEdit, onClear }: CriteriaSummaryProps) {
  const parts = searchedBy(criteria, list, values);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" style={{ overflowWrap: "anywhere", flex: "1 1 16rem" }}>
        <Text span c="dimmed" size="sm">
          Searched by{" "}
        </Text>
        {parts.length === 0
          ? "nothing: every record"
          : parts.map((part, i) => (
              <Fragment key={part.label}>
                {i > 0 ? " · " : null}
                {part.label}
                {"text" in part ? (
                  part.text
                ) : (
                  <>
                    {": "}
                    <ReferenceText reference={part.reference} value={part.value} />
                  </>
                )}
              </Fragment>
            ))}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden="true" />}
          onClick={onEdit}
        >
          Edit search
        </Button>
        <Button size="xs" variant="subtle" onClick={onClear}>
          Clear
        </Button>
      </Group>
    </Group>
  );
}
