import { findRoute } from "@office/core";
import { useLocation } from "react-router";
import { useRecordCrumb } from "../services/record-crumb";

function RecordCrumb({ table, id, what }: { table: string; id: string; what: string }) {
  useRecordCrumb(table, id, what);
  return null;
}

/**
 * A data-entry route whose area is not built yet: opened with `?id=` it looks the record up
 * for the breadcrumb (and 'Not Found'); the area's page takes `useRecordCrumb` over.
 */
export function RecordPage() {
  const { pathname, search } = useLocation();
  const route = findRoute(pathname);
  const id = new URLSearchParams(search).get("id");
  if (!route?.record || id === null) return null;
  return <RecordCrumb key={id} table={route.record} id={id} what={route.title.toLowerCase()} />;
}
