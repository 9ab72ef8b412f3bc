/** Tokens of the where language, each with the position (0-based) where it starts. */
export type Token =
  | { kind: "word"; text: string; pos: number }
  | { kind: "number"; text: string; pos: number }
  | { kind: "string"; value: string; pos: number }
  | { kind: "symbol"; text: string; pos: number }
  | { kind: "end"; pos: number };

export class WhereSyntaxError extends Error {
  override name = "WhereSyntaxError";

  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position + 1}`);
  }
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?\d{1,30}(?:\.\d{1,30})?(?![A-Za-z0-9_.])/y;
const SYMBOLS = ["<>", "!=", "<=", ">=", "=", "<", ">", "(", ")", ","];

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < text.length) {
    const char = text[pos] as string;
    if (char === " " || char === "\t" || char === "\n" || char === "\r") {
      pos++;
      continue;
    }
    if (char === "'") {
      let value = "";
      let at = pos + 1;
      for (;;) {
        const end = text.indexOf("'", at);
        if (end < 0) throw new WhereSyntaxError("Unterminated string", pos);
        value += text.slice(at, end);
        if (text[end + 1] === "'") {
          value += "'";
          at = end + 2;
        } else {
          tokens.push({ kind: "string", value, pos });
          pos = end + 1;
          break;
        }
      }
      continue;
    }
    NUMBER.lastIndex = pos;
    const number = NUMBER.exec(text);
    if (number) {
      tokens.push({ kind: "number", text: number[0], pos });
      pos += number[0].length;
      continue;
    }
    WORD.lastIndex = pos;
    const word = WORD.exec(text);
    if (word) {
      tokens.push({ kind: "word", text: word[0], pos });
      pos += word[0].length;
      continue;
    }
    const symbol = SYMBOLS.find((s) => text.startsWith(s, pos));
    if (symbol) {
      tokens.push({ kind: "symbol", text: symbol, pos });
      pos += symbol.length;
      continue;
    }
    throw new WhereSyntaxError(`Unexpected character ${JSON.stringify(char)}`, pos);
  }
  tokens.push({ kind: "end", pos: text.length });
  return tokens;
}
