import { Tabs, Text } from "@mantine/core";
import { type ChildList, type Resource, whereEquals } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { queryRows, queryTotals } from "../api/client";
import { useAccess } from "../services/access";
import { tableKey } from "../services/query-keys";
import { useTabInAddress } from "../widgets/table/list-address";
import { ChildRecords } from "./ChildRecords";
import { HistoryTab } from "./HistoryTab";

/**
 * A tab an area's panel file adds to its record page (`export const tabs` beside the panel):
 * an employee's sign-in and permissions. `shown` asks the user's rights.
 */
export interface RecordTab {
  value: string;
  label: string;
  shown: (access: ReturnType<typeof useAccess>) => boolean;
  Tab: ComponentType<{ id: number }>;
}

/** A child list's tab, by its title: "Time Notes" is `time-notes`. */
export const tabValue = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/**
 * What a child list's tab says beside its title (docs/decisions.md#related-tabs): how many
 * there are, or for a list that declares a sum in hours (time notes) their hours. One small
 * read each: a count by the first page's total, or the grand total of the list's totals.
 */
function useTally(child: ChildList, parentKey: number): string | undefined {
  const list = child.list ?? child.resource;
  const where = whereEquals(child.foreignKey, parentKey);
  const by = Object.keys(list.totals?.by ?? {})[0];
  const hours = child.tally === "hours" && by !== undefined;
  const count = { table: list.name, fields: list.key, where, rowLimit: 1 };
  const counted = useQuery({
    queryKey: tableKey.answer(count),
    queryFn: () => queryRows(count),
    enabled: !hours,
  });
  const summed = useQuery({
    queryKey: tableKey.totals(list.name, { by, where, tally: true }),
    queryFn: () => queryTotals({ table: list.name, by: by ?? "", where, rowLimit: 1 }),
    enabled: hours,
  });
  if (hours) {
    const minutes = summed.data ? Number(summed.data.meta.total) : undefined;
    return minutes === undefined ? undefined : `${Math.round(minutes / 60).toLocaleString("en-US")} h`;
  }
  return counted.data?.meta.TotalRecords.toLocaleString("en-US");
}

function ChildTab({ child, parentKey }: { child: ChildList; parentKey: number }) {
  const tally = useTally(child, parentKey);
  return (
    <>
      {child.title}
      {tally === undefined ? null : (
        // A space of its own: the tab's name reads "Contacts 1", not "Contacts1".
        <>
          {" "}
          <Text component="span" c="dimmed" fz="inherit" ml={2}>
            {tally}
          </Text>
        </>
      )}
    </>
  );
}

interface RecordTabsProps {
  resource: Resource;
  id: number;
  /** The record's own fields, and what its area adds under them. */
  details: ReactNode;
  childLists: readonly ChildList[];
  tabs: readonly RecordTab[];
}

/**
 * A record page's tabs (as Odoo's smart buttons and Twenty's record tabs): Details first, then
 * each related list with its count, what the area adds, and History for administrators. The
 * tab is in the address, so Back and a link come to it; only the open tab is rendered, so a
 * record opens with one read per count.
 */
export function RecordTabs({ resource, id, details, childLists, tabs }: RecordTabsProps) {
  const access = useAccess();
  const children = childLists.filter((child) => access.mayView(child.list ?? child.resource));
  const added = tabs.filter((tab) => tab.shown(access));
  const history = access.holds("administrators");
  const values = ["details", ...children.map((c) => tabValue(c.title)), ...added.map((t) => t.value)];
  if (history) values.push("history");
  const [current, setTab] = useTabInAddress(values);
  if (values.length === 1) return details;
  return (
    <Tabs value={current} keepMounted={false} onChange={setTab}>
      <Tabs.List style={{ overflowX: "auto", flexWrap: "nowrap" }}>
        <Tabs.Tab value="details">Details</Tabs.Tab>
        {children.map((child) => (
          <Tabs.Tab key={child.title} value={tabValue(child.title)}>
            <ChildTab child={child} parentKey={id} />
          </Tabs.Tab>
        ))}
        {added.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
        {history ? <Tabs.Tab value="history">History</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="details" pt="md">
        {details}
      </Tabs.Panel>
      {children.map((child) => (
        <Tabs.Panel key={child.title} value={tabValue(child.title)} pt="md">
          <ChildRecords child={child} parentKey={id} />
        </Tabs.Panel>
      ))}
      {added.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          <tab.Tab id={id} />
        </Tabs.Panel>
      ))}
      {history ? (
        <Tabs.Panel value="history" pt="md">
          <HistoryTab resource={resource} id={id} />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}
