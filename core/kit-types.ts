import type { Container } from "./container";
import type { Emitter } from "./events";
import type { AuthenticatePayload, LatchPlugin, SectionDefinition, StepDefinition } from "./plugin";
import type { AuthStep, AuthStepType } from "./steps";
import type { KitAtoms, KitStore } from "./store";
import type { ResolvedKitConfig } from "./config";
import type { SignerStatus, User } from "./types";

/** Events of a kit; plugins add theirs by module augmentation. */
export interface KitEventRegistry {
  connected: User;
  /** A passkey sign-in connected a user. */
  connectedPasskey: User;
  /** A social sign-in connected a user. */
  connectedOauth: User;
  disconnected: void;
  authenticating: { type: string };
  newUserSignup: void;
  emailAuthLinkingRequired: { email: string; otpId?: string; orgId?: string; providerName?: string };
  statusChanged: SignerStatus;
  stepChanged: AuthStep;
  modalOpenChanged: boolean;
  /** Product analytics: named moments such as 'add passkey on signup success'. */
  track: { name: string; data?: Record<string, unknown> };
}

export interface Kit {
  /** From the config (default "latch"): namespaces what plugins store. */
  readonly id: string;
  readonly config: ResolvedKitConfig;
  /** This kit's own child container: plugins register and resolve services here. */
  readonly container: Container;
  readonly store: KitStore;
  readonly atoms: KitAtoms;
  readonly events: Emitter<KitEventRegistry>;

  use(plugin: LatchPlugin): void;
  hasPlugin(id: string): boolean;
  section(type: string): SectionDefinition | undefined;
  step(type: AuthStepType): StepDefinition;

  getStep(): AuthStep;
  setStep(step: AuthStep): void;
  back(): void;
  isModalOpen(): boolean;
  openModal(step?: AuthStep): void;
  closeModal(): void;

  /** Switches the dialog's language: its locale (direction follows) and replacement string tables. */
  setLocale(locale: string | undefined, strings?: Record<string, Record<string, string>>): void;

  getStatus(): SignerStatus;
  setStatus(status: SignerStatus): void;
  getUser(): User | null;
  setUser(user: User | null): void;

  authenticate(payload: AuthenticatePayload): Promise<unknown>;
  /** Runs every plugin's client-side start once; the status leaves INITIALIZING when it settles. */
  start(): Promise<void>;
  /** Logs out: every plugin ends its session, then the user is cleared. Always settles. */
  disconnect(): Promise<void>;
  destroy(): void;
}
