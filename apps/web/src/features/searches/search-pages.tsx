import { formatMinutes, NOTES_SEARCH, SEARCH_PAGES, type SearchPage, STATUS_AUDIT } from "@office/core";
import type { ComponentType } from "react";
import { SearchPageView, type SearchPageWords } from "./SearchPageView";

const WORDS = new Map<SearchPage, SearchPageWords>([
  // Notes are totalled by their minutes, shown as HH:mm like the header's hours tables.
  [
    NOTES_SEARCH,
    {
      results: "Time notes",
      labels: { createdTS: "Logged", projectID: "Project ID", ProjectNotesMinutes: "Time" },
      totals: { counted: "Notes", summed: "HH:mm", format: formatMinutes },
    },
  ],
  [STATUS_AUDIT, { results: "Status changes", labels: { projectID: "Project ID", statusName: "New Status" } }],
]);

const PAGES = new Map<string, ComponentType>(
  SEARCH_PAGES.map((page) => {
    const words = WORDS.get(page);
    if (!words) throw new Error(`no words for the search page ${page.path}`);
    return [page.path, () => <SearchPageView page={page} words={words} />];
  }),
);

/** The page of a search route of core's SEARCH_PAGES. */
export function searchPage(path: string): ComponentType {
  const page = PAGES.get(path);
  if (!page) throw new Error(`no search page for ${path}`);
  return page;
}
