// Multi-owner organisations: a wallet several EVM signers control. Members stamp
// requests with their own keys (EIP-191 over the body); adding or removing members updates the
// root quorum.
import type { Address, Hex } from "viem";
import type { SignerClient } from "./client";
import type { MultiOwnerOrganization } from "../../wire/routes";
import type { Stamp, Stamper } from "./stamper";
import { multiOwnerCreationMessage, multiOwnerJoinMessage } from "../../wire/multi-owner";

/** The stamp scheme of a member's request: an EIP-191 signature of the body. */
export const MEMBER_STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191";

export type { MultiOwnerMember, MultiOwnerOrganization } from "../../wire/routes";

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** A member's EVM account: its address and an EIP-191 `signMessage` (a viem account is one). */
export interface MemberAccount {
  /** The member's EVM address. */
  address: Address;
  /** Signs a message as EIP-191 personal_sign does. */
  signMessage: (args: { message: string }) => Promise<Hex>;
}

export { multiOwnerCreationMessage, multiOwnerJoinMessage } from "../../wire/multi-owner";

/** A member's EVM account as a stamper (`X-Stamp`, secp256k1 EIP-191 scheme). */
export function memberStamper(account: MemberAccount): Stamper {
  return {
    async stamp(body: string): Promise<Stamp> {
      const signature = await account.signMessage({ message: body });
      return {
        stampHeaderName: "X-Stamp",
        stampHeaderValue: base64url(JSON.stringify({ publicKey: account.address, scheme: MEMBER_STAMP_SCHEME, signature })),
      };
    },
  };
}

/** The multi-owner routes of the signer backend. */
export class MultiOwnerClient {
  constructor(
    private readonly client: SignerClient,
    private readonly keyManagementUrl: string,
  ) {}

  /**
   * Creates an organization whose members are these accounts. Each signs the creation message
   * (`multiOwnerCreationMessage`: the members and the time) to prove it holds its key: the server
   * refuses a member without that signature. A member who signs elsewhere passes an account whose
   * `signMessage` answers the signature it gave for the same message.
   */
  async create(members: MemberAccount[], options: { timestampMs?: string } = {}): Promise<MultiOwnerOrganization> {
    const timestampMs = options.timestampMs ?? String(Date.now());
    const message = multiOwnerCreationMessage(members.map((member) => member.address), timestampMs);
    const signed = await Promise.all(members.map(async (member) => ({ evmSignerAddress: member.address, signature: await member.signMessage({ message }) })));
    const { result } = await this.client.request("multi-owner-create", { members: signed, timestampMs });
    return result;
  }

  private async stamped(stamper: Stamper, operation: string, body: Record<string, unknown>) {
    const json = JSON.stringify(body);
    return { url: `${this.keyManagementUrl}/public/v1/submit/${operation}`, body: json, stamp: await stamper.stamp(json) };
  }

  /**
   * Adds members: the backend prepares the request, each new member signs their consent
   * (`multiOwnerJoinMessage`: the organisation, the members added, the request's time), and a
   * root-quorum member stamps it. The server refuses a new member without that signature.
   */
  async addMembers(stamper: Stamper, orgId: string, members: MemberAccount[]): Promise<MultiOwnerOrganization> {
    const { result: prepared } = await this.client.request("multi-owner-prepare-add", {
      organizationId: orgId,
      members: members.map((member) => ({ evmSignerAddress: member.address })),
    });
    const message = multiOwnerJoinMessage(orgId, members.map((member) => member.address), prepared.timestampMs);
    const signatures = new Map(await Promise.all(members.map(async (member) => [member.address.toLowerCase(), await member.signMessage({ message })] as const)));
    const users = (prepared.parameters.users as Array<{ evmSignerAddress: string }>).map((user) => ({ ...user, signature: signatures.get(user.evmSignerAddress.toLowerCase()) }));
    const stampedRequest = await this.stamped(stamper, "create_users", { ...prepared, parameters: { ...prepared.parameters, users } });
    return (await this.client.request("multi-owner-add", { stampedRequest })).result;
  }

  /** Removes members from the organization (stamped by a member). */
  async removeMembers(stamper: Stamper, orgId: string, members: Address[]): Promise<MultiOwnerOrganization> {
    const { result: prepared } = await this.client.request("multi-owner-prepare-delete", {
      organizationId: orgId,
      members: members.map((evmSignerAddress) => ({ evmSignerAddress })),
    });
    const stampedRequest = await this.stamped(stamper, "delete_users", prepared);
    return (await this.client.request("multi-owner-delete", { stampedRequest })).result;
  }

  /** Sets how many of which members must approve (stamped by a member). */
  async updateRootQuorum(stamper: Stamper, orgId: string, quorum: { threshold: number; userIds: string[] }): Promise<MultiOwnerOrganization> {
    const stampedRequest = await this.stamped(stamper, "update_root_quorum", {
      type: "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM",
      timestampMs: String(Date.now()),
      organizationId: orgId,
      parameters: quorum,
    });
    return (await this.client.request("multi-owner-update-root-quorum", { stampedRequest })).result;
  }

  /** Signs a 32-byte hash with the organisation's key, on a member's stamp. */
  async signRawPayload(stamper: Stamper, orgId: string, signWith: Address, hash: Hex): Promise<Hex> {
    const stampedRequest = await this.stamped(stamper, "sign_raw_payload", {
      type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      timestampMs: String(Date.now()),
      organizationId: orgId,
      parameters: { encoding: "PAYLOAD_ENCODING_HEXADECIMAL", hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith },
    });
    return (await this.client.request("multi-owner-sign-raw-payload", { stampedRequest })).result.signature as Hex;
  }
}
