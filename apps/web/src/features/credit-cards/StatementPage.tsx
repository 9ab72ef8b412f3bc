import { Alert, Badge, Button, FileInput, Group, NativeSelect, Stack, Table, Text } from "@mantine/core";
import {
  cardLabel,
  type StatementFate as Fate,
  formatMoney,
  formatUsDate,
  CREDIT_CARD_OPERATIONS as op,
  type StatementReport as Preview,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_LINES,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import { call } from "../../api/operations";
import { useChange } from "../../services/operations";
import { rowsQuery } from "../../services/rows-query";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";

const FATES: Record<Fate, { label: string; color: string }> = {
  matched: { label: "Matches a request", color: "teal.9" },
  unmatched: { label: "No request: follow up", color: "yellow.4" },
  duplicate: { label: "Already imported", color: "gray.7" },
};

/** The most cards offered at once: a company's cards are hundreds at most (480 in the demo at scale 20). */
const CARDS_SHOWN = 1_000;

/**
 * /creditcard/statement (page 47, hidden): a card's monthly statement from the bank's CSV. The
 * file is previewed first — each line matched to an approved request, left to follow up, or
 * already imported — and nothing is written until Import, which takes every new line in one
 * transaction.
 */
export function StatementPage() {
  const [ccID, setCcID] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<Preview | null>(null);
  const cards = useQuery(
    rowsQuery<{ ccID: number; ccName: string; ccLastFour: string; holderName: string }>({
      table: "vwCardList",
      fields: "ccID,ccName,ccLastFour,holderName",
      order: "ccName, ccLastFour",
      rowLimit: CARDS_SHOWN,
    }),
  );
  const send = useChange(
    async (write: boolean) => {
      if (!file) throw new Error("No file");
      if (file.size > STATEMENT_MAX_BYTES) throw new Error("The file is larger than 2 MB.");
      return call(op.importStatement, {
        ccID: Number(ccID),
        fileName: file.name.slice(0, 200),
        csv: await file.text(),
        preview: !write,
      });
    },
    // An import changes what the operation declares (the charges the card report, the cards'
    // month and the missing receipts read); a preview changes nothing.
    (write) => (write ? op.importStatement.changes : []),
    {
      onDone: (answer, write) => {
        if (!write) return setPreview(answer);
        setDone(answer);
        setPreview(null);
      },
    },
  );
  const error = send.error instanceof ApiError || send.error instanceof Error ? send.error.message : null;
  const reset = () => {
    setPreview(null);
    setDone(null);
    send.reset();
  };
  const fresh = preview ? preview.counts.matched + preview.counts.unmatched : 0;

  return (
    <PageFrame>
      <PageHeading path="/creditcard/statement" />
      <Text size="sm" c="dimmed">
        Import a card's monthly statement as the bank exports it (CSV with Date, Description and Amount columns; a
        Reference column if the bank gives one), at most {STATEMENT_MAX_LINES.toLocaleString("en-US")} lines. You see
        every line before anything is written.
      </Text>
      <Group align="flex-end">
        <NativeSelect
          label="Card"
          withAsterisk
          value={ccID}
          onChange={(event) => {
            setCcID(event.currentTarget.value);
            reset();
          }}
          data={[
            { value: "", label: cards.isPending ? "Loading the cards…" : "Choose…" },
            ...(cards.data ?? []).map((c) => ({ value: String(c.ccID), label: `${cardLabel(c)} (${c.holderName})` })),
          ]}
          style={{ flex: 1, minWidth: 240 }}
        />
        <FileInput
          label="Statement (CSV)"
          withAsterisk
          accept=".csv,text/csv"
          value={file}
          onChange={(value) => {
            setFile(value);
            reset();
          }}
          clearable
          style={{ flex: 1, minWidth: 240 }}
        />
        <Button onClick={() => send.mutate(false)} disabled={!ccID || !file} loading={send.isPending && !preview}>
          Preview
        </Button>
      </Group>
      {error ? (
        <Alert color="red" title="The statement was not imported">
          {error}
        </Alert>
      ) : null}
      {done ? (
        <Alert color="teal" title="Statement imported">
          {done.counts.matched + done.counts.unmatched} new charges ({done.counts.matched} matched to a request,{" "}
          {done.counts.unmatched} to follow up); {done.counts.duplicate} lines were already imported.{" "}
          <Link to="/creditcard/statementsearch">See the charges</Link>
        </Alert>
      ) : null}
      {preview ? (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text>
              {preview.counts.lines} lines: {preview.counts.matched} match a request, {preview.counts.unmatched} to
              follow up, {preview.counts.duplicate} already imported.
            </Text>
            <Button color="teal.9" onClick={() => send.mutate(true)} loading={send.isPending} disabled={fresh === 0}>
              Import {fresh} new {fresh === 1 ? "line" : "lines"}
            </Button>
          </Group>
          <Table striped aria-label="The statement's lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th style={{ textAlign: "right" }}>Amount</Table.Th>
                <Table.Th>What it is</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.lines.map((line) => (
                <Table.Tr key={line.line}>
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td>{formatUsDate(line.date)}</Table.Td>
                  <Table.Td>{line.merchant}</Table.Td>
                  <Table.Td style={{ textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
                    {formatMoney(line.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={FATES[line.fate].color} autoContrast>
                      {FATES[line.fate].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {preview.lines.length < preview.counts.lines ? (
            <Text size="sm" c="dimmed">
              The first {preview.lines.length} lines are shown; the counts above cover all of them.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </PageFrame>
  );
}
