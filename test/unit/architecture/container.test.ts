import { describe, expect, it, vi } from "vitest";
import { Container, createKit, defineService, MissingServiceError, token } from "latch-kit";

describe("Container", () => {
  it("makes a service by its factory once, on first resolve", () => {
    const container = new Container();
    const counter = token<{ n: number }>("test.Counter");
    const factory = vi.fn(() => ({ n: 1 }));
    container.register(counter, factory);
    expect(factory).not.toHaveBeenCalled();
    expect(container.resolve(counter)).toBe(container.resolve(counter));
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it("injects: a factory resolves what it needs from the container", () => {
    const container = new Container();
    const url = token<string>("test.Url");
    const client = token<{ url: string }>("test.Client");
    container.register(client, (c) => ({ url: c.resolve(url) }));
    container.register(url, () => "http://127.0.0.1:1");
    expect(container.resolve(client).url).toBe("http://127.0.0.1:1");
  });

  it("lets a child see its parent's registrations and shadow them", () => {
    const parent = new Container();
    const name = token<string>("test.Name");
    const list = token<number>("test.List");
    parent.register(name, () => "parent");
    parent.add(list, 1);
    const child = parent.createChild();
    expect(child.resolve(name)).toBe("parent");
    child.register(name, () => "child");
    child.add(list, 2);
    expect(child.resolve(name)).toBe("child");
    expect(parent.resolve(name)).toBe("parent");
    expect(child.all(list)).toEqual([1, 2]);
    expect(parent.all(list)).toEqual([1]);
  });

  it("registers once what several plugins bring, and refuses an unknown token by name", () => {
    const container = new Container();
    const part = token<string>("test.Part");
    container.registerOnce(part, () => "first");
    container.registerOnce(part, () => "second");
    expect(container.resolve(part)).toBe("first");
    expect(() => container.resolve(token("test.Missing"))).toThrow(MissingServiceError);
    expect(container.find(token("test.Missing"))).toBeUndefined();
  });
});

describe("defineService", () => {
  it("gives each kit its own instance of a lazily made service", () => {
    const service = defineService("test.Clock", { create: () => ({ at: Symbol() }) });
    const a = createKit();
    const b = createKit();
    expect(service.of(a)).toBe(service.of(a));
    expect(service.of(a)).not.toBe(service.of(b));
  });

  it("throws the plugin's hint when a provided-only service is missing", () => {
    const service = defineService<number>("test.Wallet", { missing: "add wallet() to the kit's plugins" });
    const kit = createKit();
    expect(() => service.of(kit)).toThrow("add wallet() to the kit's plugins");
    expect(service.find(kit)).toBeUndefined();
    service.provide(kit, () => 7);
    expect(service.of(kit)).toBe(7);
  });
});
