import type { BoardAnswer } from "../board.js";
import { operation } from "./operation.js";

/** The board service's call (spec 7): a query of the product's own, forwarded by the server. */
export const BOARD_OPERATIONS = {
  boardQuery: operation<{ query: string }, BoardAnswer>({
    method: "POST",
    path: "/API/BoardService/",
    summary:
      "Asks the project-management board service (BOARD_API_URL, with the server's token) one of the product's two queries, sent as GraphQL text in `query`: the item of the configured board (BOARD_ID) whose name is a project's ID, or an item by its id. Any other query is refused (400). The service's errors answer 502 with `errors[0].message` (a string, or an object's message); no item found answers 404 'No item found for the given project ID'; the service unset answers 404, unreachable or slow 503. Needs view on projects.",
    tag: "Operations",
    requires: { table: "tblProject", flag: "view" },
    reads: [],
    changes: [],
  }),
} as const;
