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

/** A Latch kit: the config, plugins, dialog state, signer status and user of one app. Made by {@link createKit}. */
export interface Kit {
  /** From the config (default "latch"): namespaces what plugins store. */
  readonly id: string;
  readonly config: ResolvedKitConfig;
  /** This kit's own child container: plugins register and resolve services here. */
  readonly container: Container;
  readonly store: KitStore;
  readonly atoms: KitAtoms;
  readonly events: Emitter<KitEventRegistry>;

  /** Installs a plugin (and the plugins it requires). */
  use(plugin: LatchPlugin): void;
  /** Whether a plugin of this id is installed. */
  hasPlugin(id: string): boolean;
  /** The section definition of a type, if a plugin provides it. */
  section(type: string): SectionDefinition | undefined;
  /** The step definition of a type. */
  step(type: AuthStepType): StepDefinition;

  /** The dialog's current step. */
  getStep(): AuthStep;
  /** Moves the dialog to a step. */
  setStep(step: AuthStep): void;
  /** Goes back to the previous step. */
  back(): void;
  /** Whether the dialog is open. */
  isModalOpen(): boolean;
  /** Opens the dialog, at its first step or the one given. */
  openModal(step?: AuthStep): void;
  /** Closes the dialog. */
  closeModal(): void;

  /** Switches the dialog's language: its locale (direction follows) and replacement string tables. */
  setLocale(locale: string | undefined, strings?: Record<string, Record<string, string>>): void;

  /** The signer status (`INITIALIZING`, `CONNECTED`, `DISCONNECTED`, or a plugin's). */
  getStatus(): SignerStatus;
  /** Sets the signer status (plugins do this). */
  setStatus(status: SignerStatus): void;
  /** The signed-in user, or null. */
  getUser(): User | null;
  /** Sets the signed-in user (plugins do this). */
  setUser(user: User | null): void;

  /** Signs in with a payload of an installed method (`{ type: "email", email }`, …). */
  authenticate(payload: AuthenticatePayload): Promise<unknown>;
  /** Runs every plugin's client-side start once; the status leaves INITIALIZING when it settles. */
  start(): Promise<void>;
  /** Logs out: every plugin ends its session, then the user is cleared. Always settles. */
  disconnect(): Promise<void>;
  /** Tears down every plugin and listener of this kit. */
  destroy(): void;
}
