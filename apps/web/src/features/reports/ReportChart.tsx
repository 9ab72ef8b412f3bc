import "@mantine/charts/styles.css";
import { AreaChart, BarChart, LineChart } from "@mantine/charts";
import { Box } from "@mantine/core";
import type { ChartKind, ReportSeries } from "@office/core";
import { seriesKey } from "./report-figures";

/** A bar's name on one line: a long one is cut (the table, and the bar's tooltip, hold it whole). */
const shortened = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name);

/** Bars drawn at most: the largest (the table beside holds every group). */
export const CHART_BARS = 20;

/** Colours of a chart's series, in order (Mantine's theme colours, readable in both schemes). */
const COLOURS = [
  "blue.6",
  "teal.6",
  "orange.6",
  "grape.6",
  "red.6",
  "cyan.6",
  "lime.7",
  "pink.6",
  "indigo.6",
  "yellow.7",
];

export interface ReportChartProps {
  kind: ChartKind;
  /** The table's rows: each group's name (`group`), its value, and its value in each series. */
  rows: readonly Record<string, unknown>[];
  series: readonly ReportSeries[];
  /** The value's name (Hours, Amount). */
  unit: string;
  print: (value: number) => string;
  /** Said of the chart to a screen reader: the table beside it holds the figures. */
  label: string;
}

/**
 * A report's chart (`@mantine/charts` on recharts, in the reports page's chunk only): bars for
 * things side by side (horizontal, so long names read), a line or stacked areas over months.
 * It draws what the table beside it holds, which is the accessible source of the figures.
 */
export function ReportChart({ kind, rows, series, unit, print, label }: ReportChartProps) {
  const many = series.length > 0;
  const drawn = many
    ? series.map((s, i) => ({
        name: seriesKey(s.key),
        label: s.label ?? s.key,
        color: COLOURS[i % COLOURS.length] as string,
      }))
    : [{ name: "value", label: unit, color: COLOURS[0] as string }];
  const data = (kind === "bar" ? rows.slice(0, CHART_BARS) : rows).map((row) => ({ ...row, group: String(row.group) }));
  const common = {
    data,
    dataKey: "group",
    series: drawn,
    valueFormatter: print,
    withLegend: many,
    legendProps: { verticalAlign: "bottom" as const },
  };
  // Bars across: one row per group, as tall as the groups need.
  const height = kind === "bar" ? Math.max(data.length * 28 + 40, 160) : 300;
  return (
    <Box role="img" aria-label={label} h={height}>
      {kind === "bar" ? (
        <BarChart
          {...common}
          h={height}
          orientation="vertical"
          type={many ? "stacked" : "default"}
          yAxisProps={{ width: 170, interval: 0, tickFormatter: shortened }}
          gridAxis="x"
        />
      ) : kind === "area" ? (
        <AreaChart {...common} h={height} type={many ? "stacked" : "default"} curveType="linear" />
      ) : (
        <LineChart {...common} h={height} curveType="linear" />
      )}
    </Box>
  );
}
