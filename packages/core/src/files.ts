/*
 * Files attached to records, as the screens show them (spec 3, "file-type icons and colours by
 * extension"; the mapping is ours, docs/decisions.md "Attachments"). The types an upload may be
 * are the server's (data/file-types.ts); a kind here only says how a name looks in a list.
 */

export const FILE_KINDS = ["pdf", "image", "spreadsheet", "document", "text", "other"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: "pdf",
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  xlsx: "spreadsheet",
  xls: "spreadsheet",
  csv: "spreadsheet",
  docx: "document",
  doc: "document",
  txt: "text",
};

/** Each kind's colour (a Mantine colour): red PDFs, green sheets, blue documents, as Office and Drive colour them. */
export const FILE_KIND_COLOURS: Readonly<Record<FileKind, string>> = {
  pdf: "red",
  image: "grape",
  spreadsheet: "green",
  document: "blue",
  text: "gray",
  other: "gray",
};

/** The kind of a file by its name's extension, in any case; "other" for one we do not know. */
export function fileKindOf(fileName: string): FileKind {
  const dot = fileName.lastIndexOf(".");
  return (dot > 0 && KIND_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()]) || "other";
}

/** Whether a browser shows a file of the kind itself (in a tab), rather than saving it. */
export const shownInBrowser = (kind: FileKind) => kind === "pdf" || kind === "image" || kind === "text";

/** A file's size as people read it: "512 bytes", "12 KB", "3.4 MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, "") : Math.round(value)} ${units[unit]}`;
}
