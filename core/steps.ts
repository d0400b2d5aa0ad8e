// Auth steps: an open, checked union. Core knows only `initial` and `complete`; each plugin adds
// its own by module augmentation:
//   declare module "latch-kit" { interface AuthStepRegistry { otp_verify: { email: string } } }

export interface AuthStepRegistry {
  initial: { error?: Error };
  complete: {};
}

export type AuthStepType = keyof AuthStepRegistry & string;

export type AuthStep = {
  [K in AuthStepType]: { type: K } & AuthStepRegistry[K];
}[AuthStepType];

export type AuthStepOf<K extends AuthStepType> = Extract<AuthStep, { type: K }>;
