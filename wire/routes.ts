// The signer backend's route table (docs/signer-api.md): route → request, response, error. Every type
// here is inferred from the wire's schemas (wire/requests.ts, wire/responses.ts, wire/errors.ts),
// which the server validates with: one source. The kit imports this module for types only; a
// method outside it adds its routes by augmenting SignerRoutes with `RouteTypes<its contract>`.
import type { RequestOf, RequestSchemas } from "./requests";
import type { ResponseContracts } from "./responses";
import type { authMethods, multiOwnerOrganization, oauthAuthProvider, oauthProviderInfo } from "./responses";
import type { mfaFactor } from "./errors";
import type { stampedRequest } from "./schemas";
import type { ErrorBody, ErrorOf } from "./contract";

export type { ErrorBody, RouteContract, RouteContracts, RouteTypes } from "./contract";

/** A request stamped by the user's key: its URL, body and stamp. */
export type StampedRequest = typeof stampedRequest.infer;

/** What every stamped body carries: the organisation it acts in and, for writes, when it was stamped. */
export interface StampedBody {
  organizationId: string;
  timestampMs?: string | number;
}
/** How email sign-in works: a magic link or a one-time code. */
export type EmailMode = NonNullable<RequestOf<"email-sign-in">["emailMode"]>;
/** A second factor of the user (its id and type). */
export type MfaFactor = typeof mfaFactor.infer;
/** A multi-owner organization: its id, members and quorum. */
export type MultiOwnerOrganization = typeof multiOwnerOrganization.infer;
/** A member of a multi-owner organization. */
export type MultiOwnerMember = MultiOwnerOrganization["members"][number];
/** The user's sign-in methods, as the backend lists them. */
export type AuthMethods = typeof authMethods.infer;
/** A provider `prepare-oauth` offers: where its login page is and the client id to use there. */
export type OauthAuthProvider = typeof oauthAuthProvider.infer;
/** A social (or custom-JWT) identity linked to the user. */
export type OauthProviderInfo = typeof oauthProviderInfo.infer;

/** A route of the wire's own table: its request types (one schema, or the union a route accepts) with its contract's response and error. */
type Wire<R extends keyof ResponseContracts, Request> = { request: Request; response: ResponseContracts[R]["response"]["infer"]; error: ErrorOf<ResponseContracts[R]> };
/** A route whose request schema in wire/requests.ts has the route's name. */
type Same<R extends keyof ResponseContracts & keyof RequestSchemas> = Wire<R, RequestOf<R>>;

/** The signer backend's routes: each route's request, response and error answer. */
export interface SignerRoutes {
  lookup: Wire<"lookup", RequestOf<"lookup-email"> | RequestOf<"lookup-phone">>;
  signup: Wire<"signup", Omit<RequestOf<"email-sign-in">, "multiFactors"> | RequestOf<"sms-sign-in"> | RequestOf<"passkey-sign-up">>;
  auth: Wire<"auth", RequestOf<"email-sign-in"> | RequestOf<"sms-sign-in">>;
  otp: Same<"otp">;
  whoami: Same<"whoami">;
  "sign-payload": Same<"sign-payload">;
  "revoke-session": Same<"revoke-session">;
  "scoped-session": Same<"scoped-session">;
  "prepare-oauth": Same<"prepare-oauth">;
  "auth-jwt": Same<"auth-jwt">;
  "add-oauth-provider": Same<"add-oauth-provider">;
  "remove-oauth-provider": Same<"remove-oauth-provider">;
  "signer-config": Same<"signer-config">;
  "custody-state": Same<"custody-state">;
  "custody-reshare-source": Same<"custody-reshare-source">;
  "custody-split": Same<"custody-split">;
  "custody-frame-session": Same<"custody-frame-session">;
  "init-otp": Same<"init-otp">;
  "verify-otp": Same<"verify-otp">;
  "update-email-auth": Same<"update-email-auth">;
  "update-phone-auth": Same<"update-phone-auth">;
  "multi-owner-create": Same<"multi-owner-create">;
  "multi-owner-prepare-add": Wire<"multi-owner-prepare-add", RequestOf<"multi-owner-prepare">>;
  "multi-owner-prepare-delete": Wire<"multi-owner-prepare-delete", RequestOf<"multi-owner-prepare">>;
  "multi-owner-add": Same<"multi-owner-add">;
  "multi-owner-delete": Same<"multi-owner-delete">;
  "multi-owner-update-root-quorum": Same<"multi-owner-update-root-quorum">;
  "multi-owner-sign-raw-payload": Same<"multi-owner-sign-raw-payload">;
  "list-auth-methods": Same<"list-auth-methods">;
  "auth-request-multi-factor": Same<"auth-request-multi-factor">;
  "auth-verify-multi-factor": Same<"auth-verify-multi-factor">;
  "auth-list-multi-factors": Same<"auth-list-multi-factors">;
  "auth-delete-multi-factors": Same<"auth-delete-multi-factors">;
  "auth-validate-multi-factors": Same<"auth-validate-multi-factors">;
}

/** The name of a backend route. */
export type SignerRoute = keyof SignerRoutes;
/** The request body of a route. */
export type RouteRequest<R extends SignerRoute> = SignerRoutes[R]["request"];
/** The response body of a route. */
export type RouteResponse<R extends SignerRoute> = SignerRoutes[R]["response"];
/** The error answer of a route: `{code, message, error, details?}` with one of the codes the route may answer. */
export type RouteError<R extends SignerRoute> = SignerRoutes[R] extends { error: infer E } ? E : ErrorBody;
