/**
 * The file types an upload may be, by extension, each with the bytes its content must start
 * with. The type served back comes from here, never from what the uploader claimed.
 */
interface FileType {
  contentType: string;
  /** Whether the first bytes of the file are of this type. */
  matches(head: Buffer): boolean;
}

const startsWith =
  (...signatures: Array<number[] | string>) =>
  (head: Buffer) =>
    signatures.some((signature) => {
      const bytes = typeof signature === "string" ? Buffer.from(signature, "latin1") : Buffer.from(signature);
      return head.subarray(0, bytes.length).equals(bytes);
    });

const zip = startsWith("PK\x03\x04");
// Text: valid UTF-8 without NUL bytes (the head may end inside a character; allow that).
const text = (head: Buffer) =>
  !head.includes(0) && !new TextDecoder("utf-8", { fatal: false }).decode(head).slice(0, -1).includes("\uFFFD");

export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  pdf: { contentType: "application/pdf", matches: startsWith("%PDF-") },
  png: { contentType: "image/png", matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { contentType: "image/jpeg", matches: startsWith([0xff, 0xd8, 0xff]) },
  jpeg: { contentType: "image/jpeg", matches: startsWith([0xff, 0xd8, 0xff]) },
  gif: { contentType: "image/gif", matches: startsWith("GIF87a", "GIF89a") },
  webp: {
    contentType: "image/webp",
    matches: (head) => startsWith("RIFF")(head) && head.subarray(8, 12).toString("latin1") === "WEBP",
  },
  xlsx: { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", matches: zip },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", matches: zip },
  txt: { contentType: "text/plain; charset=utf-8", matches: text },
  csv: { contentType: "text/csv; charset=utf-8", matches: text },
};

export function fileTypeOf(fileName: string): FileType | undefined {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  return extension ? FILE_TYPES[extension] : undefined;
}
