import {
  BOARD_NO_ITEM,
  type BoardAnswer,
  type BoardItem,
  boardErrorMessage,
  boardQueryText,
  readBoardQuery,
  type SettingValues,
} from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../http/app-error.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import { textAtMost } from "../http/outbound.js";

/** An item's answer is a few kilobytes: more is not one. */
const MOST_ANSWER_BYTES = 1_048_576;

/** The board service as configured (the company's setting, or BOARD_API_URL, BOARD_API_TOKEN, BOARD_ID); none when unset. */
export interface BoardSettings {
  url: string;
  token: string;
  boardID: string;
  timeoutMs: number;
}

/** The board service from the company's setting: on once its address, token and board are all set. */
export function boardSettings(values: SettingValues, timeoutMs: number): BoardSettings | null {
  const { url, token, boardID } = values;
  if (!url || !token || !boardID) return null;
  return { url: String(url), token: String(token), boardID: String(boardID), timeoutMs };
}

const item = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  updated_at: z.string().nullable(),
  column_values: z.array(z.object({ id: z.string(), text: z.string().nullable() })),
}) satisfies z.ZodType<BoardItem>;
const answer = z.object({
  data: z.object({
    items_page_by_column_values: z.object({ items: z.array(item) }).optional(),
    items: z.array(item).optional(),
  }),
}) satisfies z.ZodType<BoardAnswer>;

/** An item as the service wrote it, with only what the product reads (nothing else passes through); none of another board. */
const itemOf = (raw: unknown, boardID: string): BoardItem | null => {
  if (String((raw as { board?: { id?: unknown } } | null)?.board?.id ?? "") !== boardID) return null;
  const parsed = item.safeParse({
    ...(raw as object),
    id: String((raw as { id?: unknown } | null)?.id ?? ""),
    url: (raw as { url?: unknown } | null)?.url ?? null,
    updated_at: (raw as { updated_at?: unknown } | null)?.updated_at ?? null,
  });
  return parsed.success ? parsed.data : null;
};

/**
 * POST /API/BoardService/ (spec 7): one of the product's two board queries (core's board.ts)
 * asked of the configured service with the server's token, which no browser sees. Any other
 * query, or another board, is refused before anything is sent.
 */
export async function boardRoutes(instance: FastifyInstance, options: { settings: () => BoardSettings | null }) {
  instance.withTypeProvider<ZodTypeProvider>().route({
    ...served("boardQuery", {
      description: beyondTheSchemas("a query that is not one of the product's two, or that asks another board"),
      response: { 200: answer },
    }),
    handler: async (request): Promise<BoardAnswer> => {
      const query = readBoardQuery(request.body.query);
      if (!query)
        throw AppError.badRequest("The request body is not valid.", {
          query: "is not one of the product's board queries",
        });
      const settings = options.settings();
      if (!settings) throw new AppError(404, "The board service is not configured");
      if (query.kind === "find" && query.boardID !== settings.boardID) {
        throw AppError.badRequest("The request body is not valid.", { query: "asks another board than the company's" });
      }
      const { status, body } = await ask(settings, boardQueryText(query));
      const said = boardErrorMessage(body);
      if (said) throw new AppError(502, said);
      // A refusal without GraphQL's errors (an expired token's 401, a proxy's 500) is the service's failure, not "no item".
      if (status < 200 || status >= 300) throw new AppError(502, `The board service failed (${status})`);
      const data = (body as { data?: Record<string, unknown> } | null)?.data;
      const raw =
        query.kind === "find"
          ? (data?.items_page_by_column_values as { items?: unknown } | undefined)?.items
          : data?.items;
      const items = Array.isArray(raw)
        ? raw.map((one) => itemOf(one, settings.boardID)).filter((one): one is BoardItem => one !== null)
        : [];
      if (items.length === 0) throw new AppError(404, BOARD_NO_ITEM);
      return { data: query.kind === "find" ? { items_page_by_column_values: { items } } : { items } };
    },
  });
}

/** The service's answer parsed; unreachable, slow, or not JSON is a clear failure of our own. */
async function ask(settings: BoardSettings, query: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(settings.url, {
      method: "POST",
      headers: { authorization: settings.token, "content-type": "application/json" },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const slow = error instanceof Error && error.name === "TimeoutError";
    throw AppError.unavailable(
      slow
        ? `The board service did not answer in ${Math.round(settings.timeoutMs / 1_000)} s`
        : "The board service could not be reached",
    );
  }
  const text = await textAtMost(response, MOST_ANSWER_BYTES).catch(() => "");
  if (text === null) throw new AppError(502, "The board service answered more than 1 MB");
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    throw new AppError(502, `The board service answered something that is not JSON (${response.status})`);
  }
}
