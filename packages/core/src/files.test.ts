import { describe, expect, it } from "vitest";
import { FILE_KIND_COLOURS, fileKindOf, formatFileSize, shownInBrowser } from "./files.js";

describe("attached files as a list shows them", () => {
  it("know their kind by extension, in any case, and an unknown or missing one is other", () => {
    expect(fileKindOf("Receipt.PDF")).toBe("pdf");
    expect(fileKindOf("photo.final.jpeg")).toBe("image");
    expect(fileKindOf("march.csv")).toBe("spreadsheet");
    expect(fileKindOf("letter.docx")).toBe("document");
    expect(fileKindOf("notes.txt")).toBe("text");
    expect(fileKindOf("archive.zip")).toBe("other");
    expect(fileKindOf("README")).toBe("other");
    expect(fileKindOf(".pdf")).toBe("other");
  });

  it("give each kind its colour, and open in the browser only what it shows", () => {
    expect(FILE_KIND_COLOURS[fileKindOf("a.pdf")]).toBe("red");
    expect(FILE_KIND_COLOURS[fileKindOf("a.xlsx")]).toBe("green");
    expect(FILE_KIND_COLOURS[fileKindOf("a.docx")]).toBe("blue");
    expect(shownInBrowser("pdf")).toBe(true);
    expect(shownInBrowser("spreadsheet")).toBe(false);
  });

  it("print their size as people read it", () => {
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(300 * 1024)).toBe("300 KB");
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe("3.4 MB");
  });
});
