import { describe, expect, it } from "vitest";
import { openProjectWhere, projectSearchWhere } from "./project-search.js";
import { parseWhere } from "./where/parser.js";

describe("the project dropdown's where", () => {
  it("matches the id, the name and both source numbers among open projects", () => {
    expect(projectSearchWhere("42")).toBe(
      "(projectID = 42 OR projectName LIKE '%42%' OR projectFirstSourceNumber LIKE '%42%' OR projectSecondSourceNumber LIKE '%42%') AND (latestStatusCodeID IS NULL OR latestStatusCodeID NOT IN (56, 66, 194))",
    );
  });

  it("among every project when closed ones are asked for too: the same matches, no status condition", () => {
    const open = projectSearchWhere("42");
    const every = projectSearchWhere("42", true);
    expect(every).not.toContain("latestStatusCodeID");
    expect(open.startsWith(`(${every}) AND`) || open.startsWith(`${every} AND`)).toBe(true);
  });

  it("does not compare the id with a term that is not a number the column can hold", () => {
    expect(projectSearchWhere("Main St")).not.toContain("projectID =");
    expect(projectSearchWhere("99999999999")).not.toContain("projectID =");
  });

  it("escapes quotes and LIKE wildcards so a term never changes the condition", () => {
    const where = projectSearchWhere("O'Brien 50%_ ') OR 1=1 --");
    expect(where).toContain("'%O''Brien 50\\%\\_ '') OR 1=1 --%'");
    const ast = parseWhere(where);
    expect(ast?.type).toBe("and");
  });
});

describe("the where of one open project", () => {
  it("names the project among open ones, as the dropdown would offer it", () => {
    expect(openProjectWhere(2988)).toBe(
      "projectID = 2988 AND (latestStatusCodeID IS NULL OR latestStatusCodeID NOT IN (56, 66, 194))",
    );
  });
});
