// The field schemas live with the wire contract (wire/schemas.ts), beside each route's request
// schema (wire/requests.ts): the server validates with the same module the kit's types come from.
export * from "../wire/schemas";
