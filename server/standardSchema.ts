// The part of Standard Schema (https://standardschema.dev, v1) the engine reads: a schema validates
// through `schema["~standard"].validate`, whichever library (or copy of one) made it. arktype 2 Types
// implement it, so do zod and valibot; a method's own copy of arktype is as good as the engine's.

export interface SchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

export type SchemaResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<SchemaIssue> };

/** A Standard Schema: what a route's body, a key operation's body or a contract's response may be. */
export interface Schema<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => SchemaResult<Output> | Promise<SchemaResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** What a schema's value is once validated (an arktype Type's `infer`). */
export type SchemaOutput<S extends Schema> = NonNullable<S["~standard"]["types"]>["output"];

/** What a schema accepts (an arktype Type's `inferIn`). */
export type SchemaInput<S extends Schema> = NonNullable<S["~standard"]["types"]>["input"];

export function isSchema(value: unknown): value is Schema {
  const standard = (value as { "~standard"?: { validate?: unknown } } | null | undefined)?.["~standard"];
  return typeof standard === "object" && standard !== null && typeof standard.validate === "function";
}

/** The dotted path of an issue (`parameters.payload`), empty at the root. */
export function issuePath(issue: SchemaIssue): string {
  return (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");
}
