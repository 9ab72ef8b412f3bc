import type { Resource, SearchPage } from "@office/core";
import { CriteriaSearchPage } from "../../widgets/search/CriteriaSearchPage";
import { SearchTotals } from "./SearchTotals";
import { TotalsTable, type TotalsWords } from "./TotalsTable";

/** The words a search page's declaration leaves to the web app. */
export interface SearchPageWords {
  /** The results table's accessible name ("Time notes"); the form is "Search time notes". */
  results: string;
  /** Column headers that read better on this page than the view's own. */
  labels?: Readonly<Record<string, string>>;
  /** How its totals are named and printed, where it has totals. */
  totals?: TotalsWords;
  /**
   * Totals of another list with the same columns, under the same search (the report's missing
   * receipts by holder).
   */
  alsoTotals?: { list: Resource; by: string; title: string };
}

/** A search page of core (notes / time search, status audit): its boxes, what they find, its totals. */
export function SearchPageView({ page, words }: { page: SearchPage; words: SearchPageWords }) {
  const totals = words.totals;
  return (
    <CriteriaSearchPage
      path={page.path}
      criteria={page.criteria}
      list={page.list}
      columns={page.columns}
      labels={words.labels}
      order={page.order}
      formLabel={`Search ${words.results.toLowerCase()}`}
      tableLabel={words.results}
      opens={page.opens}
      belowResults={
        page.totals.length > 0 && totals
          ? (where) => (
              <>
                <SearchTotals list={page.list} totals={page.totals} where={where} words={totals} />
                {words.alsoTotals ? (
                  <TotalsTable {...words.alsoTotals} where={where} words={{ ...totals, counted: "Charges" }} />
                ) : null}
              </>
            )
          : undefined
      }
    />
  );
}
