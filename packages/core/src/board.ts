/**
 * The project-management board service (spec 7; issue 36): a GraphQL API in the style of
 * monday.com's, where each project has an item named by its project ID. The browser sends the
 * query text in a body field `query`, as the spec's did; the server forwards only the two
 * queries written here (an item found on the board by its name, an item read by its id),
 * recognised from their text and written again from their parts, never the text it was sent.
 */

/** The most characters of a name looked for on the board (a project ID, or its name). */
export const BOARD_NAME_MOST = 100;
const NAME = /^[\w .,'&()/#-]{1,100}$/u;
const DIGITS = /^\d{1,19}$/;

export type BoardQuery = { kind: "find"; boardID: string; name: string } | { kind: "read"; itemID: string };

/** What a board item is read with: its board (an item of another board is not the company's), name, address, last change and each column's text. */
const ITEM_FIELDS = "id name url updated_at board { id } column_values { id text }";

/** The query's text: the same for the browser that sends it and the server that forwards it. */
export function boardQueryText(query: BoardQuery): string {
  if (query.kind === "find") {
    return `query { items_page_by_column_values (board_id: ${query.boardID}, limit: 1, columns: [{column_id: "name", column_values: [${JSON.stringify(query.name)}]}]) { items { ${ITEM_FIELDS} } } }`;
  }
  return `query { items (ids: [${query.itemID}]) { ${ITEM_FIELDS} } }`;
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();
const FIND =
  /^query \{ items_page_by_column_values \(board_id: (\d+), limit: 1, columns: \[\{column_id: "name", column_values: \[("(?:[^"\\]|\\.)*")\]\}\]\) \{ items \{ (.+) \} \} \}$/;
const READ = /^query \{ items \(ids: \[(\d+)\]\) \{ (.+) \} \}$/;

/** One of the product's board queries, read from a text sent (spacing aside); null for any other. */
export function readBoardQuery(text: string): BoardQuery | null {
  if (text.length > 2_000) return null;
  const query = squeeze(text);
  const find = FIND.exec(query);
  if (find) {
    let name: unknown;
    try {
      name = JSON.parse(find[2] as string);
    } catch {
      return null;
    }
    const boardID = find[1] as string;
    if (typeof name !== "string" || !NAME.test(name) || !DIGITS.test(boardID) || find[3] !== ITEM_FIELDS) return null;
    return { kind: "find", boardID, name };
  }
  const read = READ.exec(query);
  if (read && DIGITS.test(read[1] as string) && read[2] === ITEM_FIELDS)
    return { kind: "read", itemID: read[1] as string };
  return null;
}

/** A board item as the service answers it. */
export interface BoardItem {
  id: string;
  name: string;
  url: string | null;
  updated_at: string | null;
  column_values: { id: string; text: string | null }[];
}

/** The answer of the board-service call: the service's `data` as it answered. */
export interface BoardAnswer {
  data: { items_page_by_column_values?: { items: BoardItem[] }; items?: BoardItem[] };
}

/** The spec's words when the board has no item of the project. */
export const BOARD_NO_ITEM = "No item found for the given project ID";

/**
 * The message of a GraphQL answer's first error (spec 7: `errors[0].message`), which services
 * write as a string or as an object (monday.com's newer errors): its own message, else its text.
 */
export function boardErrorMessage(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const first = Array.isArray(errors) ? (errors[0] as { message?: unknown } | undefined) : undefined;
  if (!first) return null;
  const message = first.message;
  if (typeof message === "string" && message.trim() !== "") return message;
  if (message && typeof message === "object") {
    const inner = (message as { message?: unknown }).message;
    return typeof inner === "string" && inner.trim() !== "" ? inner : JSON.stringify(message).slice(0, 500);
  }
  return "The board service answered an error without a message";
}
