declare const __EMULATOR_URL__: string;
