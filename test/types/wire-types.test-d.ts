// The wire's plain types (wire/shapes.ts, wire/routes.ts, wire/operation-types.ts: what the kit's
// published .d.ts name, so an app's compiler never meets arktype) equal the types the server's
// arktype schemas infer, route by route and operation by operation. A schema changed without its
// type (or the other way) fails here and in `npm run typecheck`, naming the route or operation.
import { describe, expectTypeOf, it } from "vitest";
import type { RequestOf, RequestSchemas } from "../../wire/requests";
import type { ResponseContracts, authMethods, multiOwnerOrganization, oauthAuthProvider, oauthProviderInfo } from "../../wire/responses";
import type { OperationContracts } from "../../wire/operations";
import type { OperationRequests } from "../../wire/operation-requests";
import type { attestation, passkeyRegistration, stampedRequest } from "../../wire/schemas";
import type { errorBody, mfaFactor } from "../../wire/errors";
import type { SignerRoutes } from "../../wire/routes";
import type { OperationAnswers, OperationBodies } from "../../wire/operation-types";
import type * as shape from "../../wire/shapes";

/** TypeScript's own identity of two types (optional fields, unions and literals must match exactly). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The keys whose types differ between two tables (never when they agree). */
type Mismatches<A, B> = { [K in keyof A & keyof B]: Equal<A[K], B[K]> extends true ? never : K }[keyof A & keyof B];

/** The wire's own routes (SignerRoutes may hold more: a method's, by augmentation). */
type WireRoute = keyof ResponseContracts;
/** Routes whose request schema in wire/requests.ts has another name (or several). */
type RequestsByRoute = {
  lookup: RequestOf<"lookup-email"> | RequestOf<"lookup-phone">;
  signup: Omit<RequestOf<"email-sign-in">, "multiFactors"> | RequestOf<"sms-sign-in"> | RequestOf<"passkey-sign-up">;
  auth: RequestOf<"email-sign-in"> | RequestOf<"sms-sign-in">;
  "multi-owner-prepare-add": RequestOf<"multi-owner-prepare">;
  "multi-owner-prepare-delete": RequestOf<"multi-owner-prepare">;
};
type InferredRequest<R> = R extends keyof RequestsByRoute ? RequestsByRoute[R] : R extends keyof RequestSchemas ? RequestOf<R> : never;

describe("the signer routes' plain types", () => {
  it("have every route of the schemas' table", () => {
    expectTypeOf<Exclude<WireRoute, keyof SignerRoutes>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<WireRoute, keyof RequestsByRoute | keyof RequestSchemas>>().toEqualTypeOf<never>();
  });

  it("take each route's request from its schema's input", () => {
    expectTypeOf<Mismatches<{ [R in WireRoute]: SignerRoutes[R]["request"] }, { [R in WireRoute]: InferredRequest<R> }>>().toEqualTypeOf<never>();
  });

  it("take each route's answer from its schema's output", () => {
    expectTypeOf<Mismatches<{ [R in WireRoute]: SignerRoutes[R]["response"] }, { [R in WireRoute]: ResponseContracts[R]["response"]["infer"] }>>().toEqualTypeOf<never>();
  });

  it("take each route's error codes from the table the server checks", () => {
    expectTypeOf<Mismatches<{ [R in WireRoute]: SignerRoutes[R]["error"]["code"] }, { [R in WireRoute]: ResponseContracts[R]["errors"][number] }>>().toEqualTypeOf<never>();
  });

  it("name the shared shapes as the schemas infer them", () => {
    expectTypeOf<shape.StampedRequest>().toEqualTypeOf<typeof stampedRequest.infer>();
    expectTypeOf<shape.MfaFactor>().toEqualTypeOf<typeof mfaFactor.infer>();
    expectTypeOf<shape.PasskeyAttestation>().toEqualTypeOf<typeof attestation.infer>();
    expectTypeOf<shape.PasskeyRegistration>().toEqualTypeOf<typeof passkeyRegistration.infer>();
    expectTypeOf<shape.MultiOwnerOrganization>().toEqualTypeOf<typeof multiOwnerOrganization.infer>();
    expectTypeOf<shape.AuthMethods>().toEqualTypeOf<typeof authMethods.infer>();
    expectTypeOf<shape.OauthAuthProvider>().toEqualTypeOf<typeof oauthAuthProvider.infer>();
    expectTypeOf<shape.OauthProviderInfo>().toEqualTypeOf<typeof oauthProviderInfo.infer>();
    expectTypeOf<shape.ErrorBody>().toEqualTypeOf<typeof errorBody.infer>();
    expectTypeOf<shape.EmailMode>().toEqualTypeOf<NonNullable<RequestOf<"email-sign-in">["emailMode"]>>();
  });
});

describe("the key-management operations' plain types", () => {
  it("cover the same operations as the schemas' tables", () => {
    expectTypeOf<keyof OperationBodies>().toEqualTypeOf<keyof OperationRequests>();
    expectTypeOf<keyof OperationAnswers>().toEqualTypeOf<keyof OperationContracts>();
  });

  it("take each body from its schema's input", () => {
    expectTypeOf<Mismatches<OperationBodies, { [O in keyof OperationRequests]: OperationRequests[O]["inferIn"] }>>().toEqualTypeOf<never>();
  });

  it("take each answer from its schema's output", () => {
    expectTypeOf<Mismatches<OperationAnswers, { [O in keyof OperationContracts]: OperationContracts[O]["response"]["infer"] }>>().toEqualTypeOf<never>();
  });
});
