/** The content of a route whose area is not built yet: the shell and breadcrumb over nothing. */
export function EmptyPage() {
  return null;
}
