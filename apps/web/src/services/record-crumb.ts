import { INT4, RESOURCES, whereEquals, withArticle } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryRows } from "../api/client";
import { LOADING_CRUMB, useBreadcrumb } from "./breadcrumb-context";
import { RecordNotFoundError, reportFailure } from "./failures";
import { tableKey } from "./query-keys";

const isRecordId = (id: string) => /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= INT4.max;

/**
 * Level 2 of a page that shows one record by its id: '...' while the record is
 * looked up, then the id, which a click copies. An id that names no record of the table
 * raises 'Not Found' with a Back link (-404). Answers the record's `fields` (its key
 * alone by default) once read.
 */
export function useRecordCrumb(
  table: string,
  id: string,
  what = "record",
  fields?: string,
): Record<string, unknown> | undefined {
  const resource = RESOURCES.get(table);
  if (!resource) throw new Error(`no resource ${table}`);
  const { key } = resource;
  const valid = isRecordId(id);
  const asked = fields ?? key;
  const { data: row, isPending } = useQuery({
    queryKey: tableKey.record(table, Number(id), asked),
    queryFn: async () => {
      const { data } = await queryRows<Record<string, unknown>>({
        table,
        fields: asked,
        where: whereEquals(key, Number(id)),
        rowLimit: 1,
      });
      if (!data[0]) throw new RecordNotFoundError(`There is no ${what} with the id ${id}.`);
      return data[0];
    },
    enabled: valid,
  });
  useEffect(() => {
    if (!valid) reportFailure(new RecordNotFoundError(`"${id}" is not the id of ${withArticle(what)}.`));
  }, [valid, id, what]);
  useBreadcrumb(valid && isPending ? { level2: LOADING_CRUMB } : { level2: id, clipboard: id });
  return row;
}
