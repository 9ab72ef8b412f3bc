import { criteriaMessages, criteriaWhere, printWhere, type Resource, type SearchCriterion } from "@office/core";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { rememberedSearch, rememberSearch } from "../../services/remembered-searches";
import { addressValues, isBare, needsToday, type SearchValues, searchAddress, withoutDefaults } from "./search-values";
import { useCompanyToday } from "./useCompanyToday";

export interface CriteriaSearch {
  /** The boxes as typed, not yet searched. */
  draft: SearchValues;
  change: (patch: SearchValues) => void;
  /** The message of each criterion whose typed value breaks its rules, by criterion name. */
  messages: Readonly<Record<string, string>>;
  /** Searches the typed boxes, unless one of them shows a message. */
  submit: () => void;
  /** Empties the boxes, the address and the remembered search. */
  clear: () => void;
  /**
   * The where of the search in the address ("" for everything); null while there is nothing
   * to run: its boxes break their rules, or the remembered search or today's date is coming.
   */
  where: string | null;
}

const none = (messages: Record<string, string>) => Object.keys(messages).length === 0;

/**
 * The state of a search page's boxes. The search is the page's address (?name=…), so it can
 * be linked, reloaded and gone back to; the last one is kept for the session (per page) and
 * comes back when the page is opened bare.
 */
export function useCriteriaSearch(path: string, criteria: readonly SearchCriterion[], list: Resource): CriteriaSearch {
  const [params, setParams] = useSearchParams();
  const today = useCompanyToday(needsToday(criteria));
  const remembered = isBare(criteria, params) ? rememberedSearch(path) : null;
  useEffect(() => {
    if (remembered) setParams(new URLSearchParams(remembered), { replace: true });
  }, [remembered, setParams]);

  const applied = useMemo(
    () => (today === undefined ? undefined : addressValues(criteria, params, today)),
    [criteria, params, today],
  );
  const [draft, setDraft] = useState<SearchValues>(applied ?? {});
  useEffect(() => {
    if (applied) setDraft(applied);
  }, [applied]);
  const messages = useMemo(() => criteriaMessages(criteria, list, draft), [criteria, list, draft]);

  const where = useMemo(() => {
    // An address typed or linked with a wrong box searches nothing, like the form.
    if (!applied || remembered || !none(criteriaMessages(criteria, list, applied))) return null;
    const condition = criteriaWhere(criteria, list, applied);
    return condition ? printWhere(condition) : "";
  }, [criteria, list, applied, remembered]);

  const apply = useCallback(
    (values: SearchValues) => {
      const next = searchAddress(criteria, today ? withoutDefaults(criteria, values, today) : values);
      rememberSearch(path, next);
      setParams(next);
    },
    [criteria, path, setParams, today],
  );

  return {
    draft,
    change: useCallback((patch: SearchValues) => setDraft((d) => ({ ...d, ...patch })), []),
    messages,
    submit: () => {
      if (none(messages)) apply(draft);
    },
    clear: () => apply({}),
    where,
  };
}
