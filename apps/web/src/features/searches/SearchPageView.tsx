import type { Resource, SearchPage } from "@office/core";
import type { ReactNode } from "react";
import { CriteriaSearchPage, type RowOpener } from "../../widgets/search/CriteriaSearchPage";
import { useNoteEditor } from "../time-notes/useNoteEditor";
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

/** A time note opened where it is found: its dialog. */
function NoteOpener({ children }: { children: (opener: RowOpener) => ReactNode }) {
  const editor = useNoteEditor();
  return (
    <>
      {children(editor)}
      {editor.element}
    </>
  );
}

/** The tables whose rows a search page opens in place (`opens: { record }`), each with its dialog. */
const RECORD_OPENERS: Readonly<Record<string, typeof NoteOpener>> = { tblProjectNotes: NoteOpener };

/** A search page of core (notes / time search, status audit): its boxes, what they find, its totals. */
export function SearchPageView({ page, words }: { page: SearchPage; words: SearchPageWords }) {
  if (!("record" in page.opens)) return <SearchPageBody page={page} words={words} opens={page.opens} />;
  const Opener = RECORD_OPENERS[page.opens.record];
  if (!Opener) throw new Error(`no dialog opens a row of ${page.opens.record}`);
  return <Opener>{(opener) => <SearchPageBody page={page} words={words} openRow={opener} />}</Opener>;
}

function SearchPageBody({
  page,
  words,
  opens,
  openRow,
}: {
  page: SearchPage;
  words: SearchPageWords;
  opens?: { path: string; key: string };
  openRow?: RowOpener;
}) {
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
      opens={opens}
      openRow={openRow}
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
