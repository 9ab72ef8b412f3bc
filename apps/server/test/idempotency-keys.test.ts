import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_HOURS } from "../src/data/write.js";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";

describe.each(ENGINES)("idempotency keys on $name", (engine) => {
  const t = useTestApp(engine);
  const { staff } = t;

  const note = (key: string) =>
    staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 30 }, { "idempotency-key": key });
  const ageKey = (key: string, hours: number) =>
    t.db
      .updateTable("idempotencyKey")
      .set({ createdTS: new Date(Date.now() - hours * 3600 * 1000) })
      .where("key", "=", key)
      .execute();
  const keys = async () => (await t.db.selectFrom("idempotencyKey").select("key").execute()).map((r) => r.key);

  it(`are remembered for ${IDEMPOTENCY_KEY_HOURS} hours and forgotten by the next insert with a key after`, async () => {
    const first = await note("kept");
    const old = await note("old");
    expect(first.statusCode).toBe(200);
    await ageKey("kept", IDEMPOTENCY_KEY_HOURS - 1);
    await ageKey("old", IDEMPOTENCY_KEY_HOURS + 1);
    expect((await note("next")).statusCode).toBe(200);
    expect((await keys()).sort()).toEqual(["kept", "next"]);
    // A retry within the time answers as the first did; one after it is a new insert.
    expect((await note("kept")).json()).toEqual(first.json());
    const late = await note("old");
    expect(late.statusCode).toBe(200);
    expect(late.json().id).not.toBe(old.json().id);
  });
});
