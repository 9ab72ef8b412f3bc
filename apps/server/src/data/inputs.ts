import { type Resource, tableFor, WHERE_LIMITS } from "@office/core";
import { z } from "zod";

/*
 * What the data service's calls take beside their own fields: the table or view they name and
 * the texts of the where language. As route schemas, they are checked before a handler runs
 * and are what the API document says of them (http/openapi.ts), so the two cannot part.
 */

/** A table someone may update: with the change permission, or their own row's self-service fields. */
export const updatable = (def: Resource) =>
  (tableFor("change")(def) || def.selfService !== undefined) &&
  Object.values(def.columns).some((column) => !column.generated && !column.serverOwned && !column.insertOnly);

/** Every table and view someone may read. */
export const readable = (def: Resource) => def.access.view !== null;

/** What the data service's calls refuse beyond their schemas (their descriptions, http/openapi.ts). */
export const REFUSED = {
  language:
    "a where, order or field list outside the where language (`x-office-language`: its grammar and limits, a column the caller may not name, a value not of its column's type)",
  references: "a reference to a record that does not exist or is inactive",
  constraints:
    "a rule the database holds between fields (a due date before the start, a contact of another client, a manager chain that loops)",
  tooMany: "a where that matches more than 1,000 records",
};

const LANGUAGE_NAMES = { where: "a where", order: "an order", fields: "a field list" } as const;

/**
 * A text of the where language (docs/ARCHITECTURE.md, The data service) over the columns of the
 * table named beside it, at most `maxLength` characters; `required` where it may not be blank.
 * The document marks it with `x-office-language`: its grammar, the columns it may name and the
 * values they take are the one check of these calls no JSON Schema says (a 400 naming the
 * position).
 */
export function languageText(
  language: keyof typeof LANGUAGE_NAMES,
  { maxLength = WHERE_LIMITS.maxLength as number, required = false } = {},
) {
  const text = z.string().max(maxLength);
  // Meta last: a schema's document is its own, and a check added after it makes another schema.
  return (required ? text.regex(/\S/, "is required") : text).meta({
    "x-office-language": language,
    description: `${LANGUAGE_NAMES[language]} of the where language over the named table's readable columns (at most ${WHERE_LIMITS.maxPredicates} conditions, nested ${WHERE_LIMITS.maxDepth} deep, ${WHERE_LIMITS.maxInItems} values in a list, ${WHERE_LIMITS.maxLikes} LIKEs of at most ${WHERE_LIMITS.maxLikeLength} characters and ${WHERE_LIMITS.maxLikeWildcards} wildcards each; ${WHERE_LIMITS.maxOrderItems} order columns; ${WHERE_LIMITS.maxFields} fields)`,
  });
}
