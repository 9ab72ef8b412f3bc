import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  chartValue,
  formatUsDate,
  groupingOf,
  isDated,
  REPORT_LIST,
  REPORT_OPERATIONS,
  type ReportAnswer,
  type ReportDeclaration,
  type ReportQuery,
  reportById,
  unitOf,
} from "@office/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { call } from "../../api/operations";
import { reportFailure } from "../../services/failures";
import { readKey } from "../../services/query-keys";
import { DayField } from "../../widgets/form/DayField";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { cellText } from "../../widgets/table/columns";
import { PlainTable } from "../../widgets/table/PlainTable";
import { CHART_BARS, ReportChart } from "./ReportChart";
import { type ReportAddress, reportAddressOf, reportSearch, switchedReport } from "./report-address";
import { reportColumns, reportRows, UNIT_WORDS } from "./report-figures";

const op = REPORT_OPERATIONS.report;

/** A call the server refused (a filter not in the grammar, a range too long): said on the page, not its error page. */
interface Refused {
  refused: { message: string; fieldErrors: Record<string, string> };
}

const reportQuery = (report: ReportDeclaration, query: ReportQuery) =>
  queryOptions({
    queryKey: readKey(op.reads, op.path, report.id, query),
    queryFn: async (): Promise<ReportAnswer | Refused> => {
      try {
        return await call(op, { report: report.id as never, ...query });
      } catch (error) {
        if (error instanceof ApiError && error.body.statusCode === 400)
          return { refused: { message: error.body.message, fieldErrors: error.body.fieldErrors ?? {} } };
        throw error;
      }
    },
  });

/**
 * Reports (page 25): each report is core's declaration (its rows, measure, groupings and
 * chart), the call and its filters are the address (a link is the view), the totals are the
 * server's, and the chart stands beside the table that holds its figures, which Export writes
 * to a spreadsheet as shown. docs/decisions.md#reports.
 */
export function ReportsPage() {
  const [search, setSearch] = useSearchParams();
  const address = useMemo(() => reportAddressOf(search), [search]);
  const { report, query } = address;
  const grouping = groupingOf(report, query.by ?? "") ?? report.groupings[0];
  const answer = useQuery(reportQuery(report, query));
  const [where, setWhere] = useState(query.where ?? "");
  useEffect(() => setWhere(query.where ?? ""), [query.where]);
  const go = (next: ReportAddress) => setSearch(reportSearch(next), { replace: false });
  const set = (part: keyof ReportQuery, value: string | undefined) => {
    const { [part]: _, ...rest } = query;
    go({ report, query: value ? { ...rest, [part]: value } : rest });
  };

  const data = answer.data && "data" in answer.data ? answer.data : undefined;
  const refused = answer.data && "refused" in answer.data ? answer.data.refused : undefined;
  const words = UNIT_WORDS[unitOf(report)];
  const groupTitle = grouping?.title.replace(/^By /, "").replace(/^Over Time$/, "Month") ?? "Group";
  const columns = useMemo(() => (data ? reportColumns(report, data, groupTitle) : []), [report, data, groupTitle]);
  const rows = useMemo(() => (data ? reportRows(report, data) : []), [report, data]);
  const caption = `${report.title} ${grouping?.title.toLowerCase() ?? ""}`.trim();
  const [exporting, setExporting] = useState(false);
  const exportShown = () => {
    setExporting(true);
    import("../../widgets/table/export-excel")
      .then(({ exportToExcel }) => exportToExcel(columns, rows, cellText))
      .catch(reportFailure)
      .finally(() => setExporting(false));
  };
  const left = data ? data.meta.TotalRecords - data.data.length : 0;
  // A table of series (a month's statuses) needs the page's width: the chart goes above it.
  const wide = (data?.series.length ?? 0) > 0;

  return (
    <PageFrame>
      <PageHeading path="/reports">
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
          loading={exporting}
          disabled={rows.length === 0}
          onClick={exportShown}
        >
          Export
        </Button>
      </PageHeading>
      <Paper withBorder p="sm" radius="md" component="form" aria-label="Report" onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Report"
            data={REPORT_LIST.map((def) => ({ value: def.id, label: def.title }))}
            value={report.id}
            allowDeselect={false}
            onChange={(id) => {
              const next = id ? reportById(id) : undefined;
              if (next) go(switchedReport(address, next));
            }}
            w={220}
          />
          {report.groupings.length > 1 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="grouping-label">
                Group
              </Text>
              <SegmentedControl
                aria-labelledby="grouping-label"
                value={grouping?.name ?? ""}
                onChange={(by) => set("by", by === report.groupings[0]?.name ? undefined : by)}
                data={report.groupings.map((g) => ({ value: g.name, label: g.title.replace(/^By /, "") }))}
              />
            </Stack>
          ) : null}
          {isDated(report) && !query.asOf ? (
            <>
              <DayField label="From" value={data?.meta.from ?? query.from} onChange={(day) => set("from", day)} />
              <DayField label="To" value={data?.meta.to ?? query.to} onChange={(day) => set("to", day)} />
            </>
          ) : null}
          {report.asOf ? <DayField label="As of" value={query.asOf} onChange={(day) => set("asOf", day)} /> : null}
          <TextInput
            label="Filter"
            description="The where language over the report's rows"
            placeholder="e.g. empName LIKE '%Taylor%'"
            value={where}
            onChange={(event) => setWhere(event.currentTarget.value)}
            onBlur={() => where !== (query.where ?? "") && set("where", where.trim() || undefined)}
            onKeyDown={(event) => {
              if (event.key === "Enter") set("where", where.trim() || undefined);
            }}
            style={{ flex: "1 1 220px" }}
          />
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {report.description}
          {query.asOf ? ` As they were at the end of ${formatUsDate(query.asOf)}.` : ""}
        </Text>
      </Paper>

      {answer.isPending ? <Skeleton h={300} radius="md" aria-label="Loading the report" role="status" /> : null}
      {refused ? (
        <Alert color="red" title={refused.message} role="alert">
          {Object.entries(refused.fieldErrors).map(([part, message]) => (
            <Text key={part} size="sm">{`${part === "_" ? "" : `${part}: `}${message}`}</Text>
          ))}
        </Alert>
      ) : null}
      {data && rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            Nothing to report for these filters.
          </Text>
        </Paper>
      ) : null}
      {data && rows.length > 0 && grouping ? (
        <Grid gutter="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: wide ? 12 : 7 }}>
            <Paper withBorder p="sm" radius="md">
              <ReportChart
                kind={grouping.chart}
                rows={rows}
                series={data.series}
                unit={words.total}
                print={words.print}
                label={`Chart of ${caption}: the table ${wide ? "below" : "beside"} it holds its figures`}
              />
              {grouping.chart === "bar" && rows.length > CHART_BARS ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {`The ${CHART_BARS} largest; the table holds all ${rows.length.toLocaleString("en-US")}.`}
                </Text>
              ) : null}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: wide ? 12 : 5 }}>
            <Stack gap={4}>
              {/* Many groups scroll within their box, which the keyboard can reach to scroll too. */}
              <Box
                tabIndex={0}
                role="region"
                aria-label={`${caption}, scrolling`}
                style={{ overflow: "auto", maxHeight: "70vh" }}
              >
                <PlainTable caption={caption} columns={columns} rows={rows} rowKey={(row) => String(row.key)} />
              </Box>
              <Text size="sm" c="dimmed">
                {`In all: ${words.print(chartValue(report, data.meta.total))} ${words.total.toLowerCase()}`}
                {unitOf(report) === "projects"
                  ? ""
                  : `, ${data.meta.count.toLocaleString("en-US")} ${words.counted.toLowerCase()}`}
                {left > 0 ? `; ${left.toLocaleString("en-US")} more groups not shown` : ""}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      ) : null}
    </PageFrame>
  );
}
