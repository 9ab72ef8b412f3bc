import { describe, expect, it } from "vitest";
import { TOASTS } from "./toasts.js";

describe("the toasts of spec 8", () => {
  it("say the spec's words for the spec's time", () => {
    expect(TOASTS.loginFailed).toMatchObject({
      title: "Login Failed",
      message: "Username or Password is incorrect!",
      ms: 10_000,
    });
    expect(TOASTS.insertFailed).toMatchObject({
      title: "Failed Insert",
      message: "Record insert is Failed!",
      ms: 7_000,
    });
    expect(TOASTS.updateFailed).toMatchObject({
      title: "Failed Update",
      message: "Record update is Failed!",
      ms: 7_000,
    });
    expect(TOASTS.deleteFailed).toMatchObject({
      title: "Failed Delete",
      message: "Record delete is Failed!",
      ms: 7_000,
    });
    expect(TOASTS.inserted).toMatchObject({
      title: "Record Inserted",
      message: "Record inserted successfully!",
      ms: 1_500,
    });
    expect(TOASTS.updated).toMatchObject({
      title: "Record Updated",
      message: "Record updated successfully!",
      ms: 1_500,
    });
    expect(TOASTS.deleted).toMatchObject({
      title: "Record Deleted",
      message: "Record deleted successfully!",
      ms: 1_500,
    });
    expect(TOASTS.copied("12")).toEqual({ kind: "info", message: "12 copied", ms: 1_000 });
  });
});
