import { describe, expectTypeOf, it } from "vitest";
import type { RowOf } from "./column.js";
import type { tblCCPermission } from "./tblCCPermission.js";
import type { tblReleaseNote } from "./tblReleaseNote.js";
import type { vwCCApprovals } from "./vwCCApprovals.js";

// Checked by the type checker (npm run typecheck): a row type is what the columns declare.
describe("a row's type, derived from its resource's columns", () => {
  it("gives each column its value's type, null where the column may be null", () => {
    expectTypeOf<RowOf<typeof tblReleaseNote>>().toEqualTypeOf<{
      releaseNoteID: number;
      releaseNoteVersion: string;
      releaseNoteDate: string;
      releaseNoteTitle: string;
      releaseNoteBody: string | null;
      empID: number | null;
      createdTS: string;
    }>();
    expectTypeOf<RowOf<typeof vwCCApprovals>["ccPermissionAmount"]>().toEqualTypeOf<string | null>();
    expectTypeOf<RowOf<typeof vwCCApprovals>["ccPermissionCCUsedApprovalStatus"]>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<typeof vwCCApprovals>["ccPermissionRequestedTS"]>().toEqualTypeOf<string>();
  });

  it("leaves out the secrets, which are never read back", () => {
    type HasCode = "ccPermissionApprovalCode" extends keyof RowOf<typeof tblCCPermission> ? true : false;
    expectTypeOf<HasCode>().toEqualTypeOf<false>();
    expectTypeOf<RowOf<typeof tblCCPermission>["ccPermissionPurpose"]>().toEqualTypeOf<string | null>();
  });
});
