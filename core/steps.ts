// Auth steps: an open, checked union. Core knows only `initial` and `complete`; each plugin adds
// its own by module augmentation:
//   declare module "latch-kit" { interface AuthStepRegistry { otp_verify: { email: string } } }

/** Dialog steps by type; plugins add theirs by module augmentation. */
export interface AuthStepRegistry {
  initial: { error?: Error };
  complete: {};
}

/** The type of an {@link AuthStep}. */
export type AuthStepType = keyof AuthStepRegistry & string;

/** A dialog step: `{ type, ...its fields }`. */
export type AuthStep = {
  [K in AuthStepType]: { type: K } & AuthStepRegistry[K];
}[AuthStepType];

/** The step of one type. */
export type AuthStepOf<K extends AuthStepType> = Extract<AuthStep, { type: K }>;
