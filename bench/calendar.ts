/**
 * The calendar's expansion of recurring series on the server (issue 35): a year of 500 series
 * (daily, weekly on two days and monthly, a third each, their starts spread over the day; and
 * 500 daily ones) in the company's zone, and a month view's window (six weeks) near the end of
 * the year, whose series began in January (and for series begun eight years before). Each BENCH_ROUNDS
 * times (default 20) after 3 unmeasured; the times are the whole expansion, every occurrence
 * placed in the zone with its end. Runs the built server's module (`npm run build` first).
 * Prints Markdown for bench/RESULTS.md.
 */
import { cpus } from "node:os";
import { RECURRENCE } from "@office/core";
import { occurrencesBetween, type SeriesTimes } from "../apps/server/dist/calendar/occurrences.js";
import { median, percentile } from "./processes.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const ZONE = "America/New_York";
const YEAR_AIM_MS = 150;

const kinds = [RECURRENCE.code.daily, RECURRENCE.code.weekly, RECURRENCE.code.monthly] as const;
const seriesOf = (kind?: (typeof kinds)[number], year = 2026): SeriesTimes[] =>
  Array.from({ length: 500 }, (_, i) => {
    const hour = String(7 + (i % 12)).padStart(2, "0");
    const day = String(1 + (i % 28)).padStart(2, "0");
    return {
      start: `${year}-01-${day}T${hour}:${i % 2 ? "30" : "00"}`,
      minutes: 30 + (i % 4) * 15,
      rule: { recurrence: kind ?? kinds[i % 3] ?? RECURRENCE.code.daily, weekdays: [1, 3], until: "2027-12-31" },
      zone: ZONE,
    };
  });
const mixed = seriesOf();
const daily = seriesOf(RECURRENCE.code.daily);
const old = seriesOf(undefined, 2018);

function measure(series: SeriesTimes[], from: Date, to: Date) {
  let occurrences = 0;
  const expand = () => series.reduce((sum, one) => sum + occurrencesBetween(one, from, to).length, 0);
  for (let i = 0; i < 3; i++) occurrences = expand();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    expand();
    times.push(performance.now() - started);
  }
  return { occurrences, times };
}

const YEAR = [new Date("2026-01-01T05:00:00Z"), new Date("2027-01-01T05:00:00Z")] as const;
const MONTH_VIEW = [new Date("2026-11-30T05:00:00Z"), new Date("2027-01-11T05:00:00Z")] as const;
const rows = [
  ["a year (2026), daily, weekly and monthly", measure(mixed, ...YEAR), YEAR_AIM_MS],
  ["a year (2026), all daily", measure(daily, ...YEAR), YEAR_AIM_MS],
  ["a month view (6 weeks from 30 November 2026), daily, weekly and monthly", measure(mixed, ...MONTH_VIEW), undefined],
  ["the same month view, the series begun in January 2018", measure(old, ...MONTH_VIEW), undefined],
] as const;

console.log(
  `\n500 series in ${ZONE}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; ${ROUNDS} rounds after 3\n`,
);
console.log(
  "| expansion of 500 series | occurrences | median ms | p90 ms | max ms | aim |\n| --- | --- | --- | --- | --- | --- |",
);
for (const [name, { occurrences, times }, aim] of rows)
  console.log(
    `| ${name} | ${occurrences.toLocaleString("en-US")} | ${median(times).toFixed(1)} | ${percentile(times, 0.9).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${aim ? `< ${aim} ms` : "—"} |`,
  );
