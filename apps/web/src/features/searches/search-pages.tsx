import {
  CARD_REPORT,
  NON_PROJECT_EXPENSES,
  NOTES_SEARCH,
  SEARCH_PAGES,
  type SearchPage,
  STATUS_AUDIT,
  vwMissingReceipts,
} from "@office/core";
import type { ComponentType } from "react";
import { SearchPageView, type SearchPageWords } from "./SearchPageView";
import { MONEY_TOTALS, NOTE_TOTALS } from "./TotalsTable";

const WORDS = new Map<SearchPage, SearchPageWords>([
  [
    NOTES_SEARCH,
    {
      results: "Time notes",
      labels: { createdTS: "Logged", projectID: "Project ID", ProjectNotesMinutes: "Time" },
      totals: NOTE_TOTALS,
    },
  ],
  [STATUS_AUDIT, { results: "Status changes", labels: { projectID: "Project ID", statusName: "New Status" } }],
  [
    CARD_REPORT,
    {
      results: "Charges",
      labels: { matched: "Matches a Request" },
      totals: MONEY_TOTALS,
      alsoTotals: { list: vwMissingReceipts, by: "holderEmpID", title: "Missing Receipts by Holder" },
    },
  ],
  [
    NON_PROJECT_EXPENSES,
    { results: "Non-project charges", labels: { matched: "Matches a Request" }, totals: MONEY_TOTALS },
  ],
]);

const VIEWS = new Map<string, ComponentType>(
  SEARCH_PAGES.map((page) => {
    const words = WORDS.get(page);
    if (!words) throw new Error(`no words for the search page ${page.path}`);
    return [page.path, () => <SearchPageView page={page} words={words} />];
  }),
);

/** The page of a search route of core's SEARCH_PAGES. */
export function searchPage(path: string): ComponentType {
  const page = VIEWS.get(path);
  if (!page) throw new Error(`no search page for ${path}`);
  return page;
}
