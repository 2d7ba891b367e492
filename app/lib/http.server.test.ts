import { describe, expect, it } from "vitest";
import { jsonNestingDepth, methodNotAllowed, readJsonBody, requireMethod } from "~/lib/http.server";

const jsonRequest = (body: string) => new Request("http://akoko.test/api/v1/x", { method: "POST", headers: { "Content-Type": "application/json" }, body });

describe("jsonNestingDepth", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonNestingDepth("1")).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[{{{","b":"\\"[["}')).toBe(1);
    expect(jsonNestingDepth("[".repeat(5000) + "]".repeat(5000))).toBe(5000);
  });
});

describe("readJsonBody", () => {
  it("refuses a body nested deeper than 32 with 400, before parsing it", async () => {
    await expect(readJsonBody(jsonRequest('{"a":'.repeat(5000) + "1" + "}".repeat(5000)))).rejects.toMatchObject({ status: 400, detail: "The request body nests deeper than 32 levels." });
    await expect(readJsonBody(jsonRequest(`{"units":${"[".repeat(33)}${"]".repeat(33)}}`))).rejects.toMatchObject({ status: 400 });
    expect(await readJsonBody(jsonRequest(`{"units":${"[".repeat(31)}${"]".repeat(31)}}`))).toHaveProperty("units");
  });
});

describe("methodNotAllowed and requireMethod", () => {
  it("answer 405 with {detail} and the methods the route takes in Allow (GET brings HEAD)", async () => {
    const request = (method: string) => new Request("http://akoko.test/api/v1/x", { method });
    const res = methodNotAllowed(request("PUT"), "GET", "POST");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(await res.json()).toEqual({ detail: "Method not allowed." });
    expect(() => requireMethod(request("HEAD"), "GET")).not.toThrow();
    expect(() => requireMethod(request("DELETE"), "DELETE")).not.toThrow();
    let thrown: unknown;
    try {
      requireMethod(request("OPTIONS"), "GET");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Allow")).toBe("GET, HEAD");
  });
});
