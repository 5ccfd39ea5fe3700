import { describe, expect, it } from "vitest";
import { memoryStorage, webStorage } from "./storage";

/** A Web Storage with the browser's semantics, optionally refusing writes as private modes do. */
function webStore(refuseWrites = false) {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (refuseWrites) throw new DOMException("quota", "QuotaExceededError");
      map.set(k, v);
    },
    removeItem: (k: string) => {
      map.delete(k);
    },
    clear: () => {
      map.clear();
    },
  };
}

describe("storage", () => {
  it("memory storage keeps, forgets and clears", () => {
    const s = memoryStorage({ a: "1" });
    expect(s.get("a")).toBe("1");
    s.set("b", "2");
    s.remove("a");
    expect([s.get("a"), s.get("b")]).toEqual([null, "2"]);
    s.clear();
    expect(s.get("b")).toBeNull();
  });

  it("web storage writes through to the browser's store", () => {
    const store = webStore();
    const s = webStorage(store);
    s.set("accessToken", "t");
    expect(store.map.get("accessToken")).toBe("t");
    expect(s.get("accessToken")).toBe("t");
    s.remove("accessToken");
    expect(store.map.size).toBe(0);
    s.set("x", "1");
    s.clear();
    expect(store.map.size).toBe(0);
  });

  it("when writes are refused the session lives in memory for this page", () => {
    const s = webStorage(webStore(true));
    s.set("accessToken", "t");
    expect(s.get("accessToken")).toBe("t");
    s.clear();
    expect(s.get("accessToken")).toBeNull();
  });

  it("without any localStorage (Node) it falls back to memory", () => {
    const s = webStorage();
    s.set("k", "v");
    expect(s.get("k")).toBe("v");
  });
});
